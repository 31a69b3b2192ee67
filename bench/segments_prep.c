/*
 * segments_prep.c — what page_segments pays for beside the parse, in the core
 * without a server: on every page of a corpus folder (DIR/SITE/NNN.html),
 * three rounds, the CPU seconds of td_parse_html, of td_page_level (features,
 * classifier, smoothing) and of td_nodeinfo_build with paths (the sibling
 * positions every printed path needs).
 *
 * build: make build/bench/segments_prep
 * run:   build/bench/segments_prep [DIR] [MODE]   (default ../shared/corpus/sites;
 *        MODE 1 page level, 2 paths, 3 both, 4 page type (td_page_type without a
 *        URL), 9 page level then the fallback
 *        (td_page_fallback) and the expected-F1 decision (td_page_expected_f1)
 *        on the same marks, each timed; 25 also the later copies of a kept
 *        block dropped after that decision (td_drop_repeats); TD_TREES=1: page level
 *        with the built-in trees, default_gbdt.h, as page level alone uses them)
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/tree.h"
#include "base/charset.h"
#include "base/markup.h"
#include "base/nodeinfo.h"
#include "page/pagelevel.h"
#include "page/default_gbdt.h"
#include "page/pagetype.h"
#include "page/repeats.h"
static double cpu(void){struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t); return t.tv_sec+t.tv_nsec*1e-9;}
typedef struct { char *d; size_t n; const char *enc; } pg;
static pg P[4000]; static int np;
static void load(const char *path){FILE*f=fopen(path,"rb"); if(!f)return; fseek(f,0,SEEK_END); long l=ftell(f); fseek(f,0,SEEK_SET); char*d=malloc(l+1); if(fread(d,1,l,f)!=(size_t)l){fclose(f);return;} fclose(f); size_t bom=0; const char*e=td_sniff_charset(d,l,&bom); P[np].d=d+bom; P[np].n=l-bom; P[np].enc=e; np++;}
static void walk(const char*dir,int depth){DIR*dd=opendir(dir); struct dirent*e; char p[4096]; if(!dd)return; while((e=readdir(dd))){ if(e->d_name[0]=='.')continue; snprintf(p,sizeof p,"%s/%s",dir,e->d_name); if(e->d_type==DT_DIR){ if(depth<2) walk(p,depth+1);} else if(strstr(e->d_name,".html") && np<4000) load(p);} closedir(dd);}
int main(int argc,char**argv){ walk(argc>1?argv[1]:"../shared/corpus/sites",0); td_env env; td_env_default(&env); td_limits l; td_limits_default(&l);
 double tp=0,tn=0,tl=0,tt=0,tf=0,te=0,tr=0; int typed=0; size_t bytes=0; int mode = argc>2? atoi(argv[2]) : 3;
 for(int r=0;r<3;r++) for(int i=0;i<np;i++){ td_tree*t=NULL; double a=cpu(); td_parse_html(&env,P[i].d,P[i].n,P[i].enc,&l,&t); double b=cpu(); tp+=b-a; if(!t) continue; bytes+=P[i].n;
  if(mode&1){ td_page_marks m; td_page_opts o; td_page_opts_default(&o); if(getenv("TD_TREES")) o.gbdt=td_default_gbdt(); a=cpu(); td_page_level(t,NULL,&o,&m); tl+=cpu()-a;
   if(mode&8){ a=cpu(); td_page_fallback(t,&m,TD_DEFAULT_PAGE_THRESHOLD,TD_DEFAULT_FALLBACK_SHARE,NULL); tf+=cpu()-a;
    a=cpu(); td_page_expected_f1(t,&m,NULL); te+=cpu()-a;
    if(mode&16){ a=cpu(); td_drop_repeats(t,TD_REPEAT_MIN_WORDS,TD_REPEAT_DEFAULT,m.drop,NULL); tr+=cpu()-a; } }
   td_page_marks_free(t,&m);}
  else if(mode&4){ int ty; a=cpu(); td_page_type(t,NULL,0,NULL,&ty); tt+=cpu()-a; typed++; }
  if(mode&2){ td_nodeinfo ni; a=cpu(); td_nodeinfo_build(t,TD_NODEINFO_PATHS,&ni); tn+=cpu()-a; td_nodeinfo_free(&ni);} 
  td_tree_free(t);}
 printf("pages %d bytes %zu: parse %.3f s, page_level %.3f s (%.2fx parse), nodeinfo paths %.3f s (%.2fx parse), page type %.3f s (%.2fx parse; %d of %d pages typed)\n", np, bytes/3, tp, tl, tl/tp, tn, tn/tp, tt, tt/tp, typed, 3*np);
 if(mode&8) printf("fallback %.3f s (%.3fx parse), expected F1 %.3f s (%.3fx parse)\n", tf, tf/tp, te, te/tp);
 if(mode&16) printf("repeats %.3f s (%.3fx parse)\n", tr, tr/tp);
 return 0;}
