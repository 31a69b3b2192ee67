/*
 * parse_ref.c — the parse-only reference for the templatedet benchmark.
 *
 * Uses libxml2 only (none of templatedet's code): for each page, sniff the
 * encoding (BOM, then <meta charset> / http-equiv in the first 1024 bytes,
 * else windows-1252, as browsers do), parse it with libxml2's HTML parser and
 * do the minimum work of a text extractor.  This is the yardstick the issue
 * sets for strip_template ("at most 1.6x the parse-only reference").
 *
 * Modes (-m, may be repeated; default: dom and sax):
 *   dom      htmlReadMemory(RECOVER|NONET|NOERROR|NOWARNING) builds an xmlDoc,
 *            one iterative walk sums the visible text length (text outside
 *            head/script/style/noscript/template, white space collapsed),
 *            xmlFreeDoc.  This is "libxml2 parse + one walk".
 *   sax      the same parser driven with empty SAX callbacks: the floor, what
 *            the tokenizer alone costs.
 *   saxtext  SAX with startElement/endElement/characters counting visible
 *            text: what a tree built straight from SAX events starts from.
 *
 * All files are read into memory first; only parsing + walking is timed, in
 * CPU seconds of this process (CLOCK_PROCESS_CPUTIME_ID) and wall seconds.
 * Each mode runs -r times (default 3); the median run is reported.
 *
 * Output: one line per mode, key=value, e.g.
 *   mode=dom pages=583 mb=34.10 cpu_s=0.812 wall_s=0.815 pages_per_s=718.0 mb_per_s=42.0 text_chars=...
 * -t DIR writes the dom mode's visible text (line break at block elements) as
 * DIR/<site>/<NNN>.txt, for scoring the all-visible-text baseline with
 * ../shared/eval/score.py independently of the extension.
 *
 * windows-1252 (the fallback, and what latin1/ascii labels mean) is decoded
 * here with the WHATWG table, then parsed as UTF-8: libxml2's iconv CP1252
 * stops the parse at 0x81/8D/8F/90/9D and loses the rest of the page.
 *
 * Usage: parse_ref [-m dom|sax|saxtext]... [-r N] [-t OUTDIR] [-q] [-u] [-v] PATH...
 *   -u: a page with no BOM and no <meta charset> in its first 1024 bytes is
 *       read as UTF-8 when its bytes are valid UTF-8 (else windows-1252);
 *       without -u it is windows-1252, the rule the issue gives.
 *   -v lists every page: sniffed encoding, bytes, visible chars, conversion error.
 *   PATH: .html files or folders searched recursively for *.html / *.htm.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

typedef struct page
{
	char	   *path;			/* as found */
	char	   *rel;			/* <site>/<name> relative to the PATH argument */
	unsigned char *data;
	size_t		len;
	const char *enc;			/* sniffed encoding name for libxml2 */
} page;

static int utf8_sniff;			/* -u: a page without BOM/meta that is valid UTF-8 is UTF-8 */

static page *pages;
static size_t n_pages, cap_pages;
static int quiet, verbose;
static int conv_errors;			/* libxml2 messages about failed input conversion */

/* libxml2 prints encoding errors even with NOERROR: count them, print nothing. */
static void
quiet_errors(void *ctx, const char *msg,...)
{
	char		buf[512];
	va_list		ap;

	va_start(ap, msg);
	vsnprintf(buf, sizeof buf, msg, ap);
	va_end(ap);
	if (strstr(buf, "conversion failed"))
		conv_errors++;
}

/* ---------------------------------------------------------------- files */

static void
add_page(const char *path, const char *rel)
{
	FILE	   *f = fopen(path, "rb");
	struct stat st;

	if (!f || fstat(fileno(f), &st) != 0)
	{
		fprintf(stderr, "parse_ref: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	if (n_pages == cap_pages)
	{
		cap_pages = cap_pages ? 2 * cap_pages : 256;
		pages = realloc(pages, cap_pages * sizeof(page));
		if (!pages)
			exit(3);
	}
	page	   *p = &pages[n_pages++];

	p->path = strdup(path);
	p->rel = strdup(rel);
	p->len = (size_t) st.st_size;
	p->data = malloc(p->len + 1);
	if (!p->path || !p->rel || !p->data || fread(p->data, 1, p->len, f) != p->len)
	{
		fprintf(stderr, "parse_ref: cannot read %s\n", path);
		exit(2);
	}
	p->data[p->len] = 0;
	fclose(f);
}

static int
is_html(const char *name)
{
	size_t		n = strlen(name);

	return (n > 5 && strcasecmp(name + n - 5, ".html") == 0) ||
		(n > 4 && strcasecmp(name + n - 4, ".htm") == 0);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

static void
walk_dir(const char *dir, const char *rel)
{
	DIR		   *d = opendir(dir);
	struct dirent *e;
	char	  **names = NULL;
	size_t		n = 0, cap = 0;

	if (!d)
	{
		fprintf(stderr, "parse_ref: %s: %s\n", dir, strerror(errno));
		exit(2);
	}
	while ((e = readdir(d)) != NULL)
	{
		if (e->d_name[0] == '.')
			continue;
		if (n == cap)
		{
			cap = cap ? 2 * cap : 64;
			names = realloc(names, cap * sizeof(char *));
		}
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(char *), cmp_str);	/* deterministic order */
	for (size_t i = 0; i < n; i++)
	{
		char		path[4096], r[4096];
		struct stat st;

		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		snprintf(r, sizeof r, "%s%s%s", rel, *rel ? "/" : "", names[i]);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			walk_dir(path, r);
		else if (S_ISREG(st.st_mode) && is_html(names[i]))
			add_page(path, r);
		free(names[i]);
	}
	free(names);
}

/* ---------------------------------------------------------------- charset */

/* Case-insensitive search of needle in [s, s+n). */
static const unsigned char *
find_ci(const unsigned char *s, size_t n, const char *needle)
{
	size_t		k = strlen(needle);

	for (size_t i = 0; i + k <= n; i++)
		if (strncasecmp((const char *) s + i, needle, k) == 0)
			return s + i;
	return NULL;
}

/*
 * The encoding of a page as browsers pick it, in short: a BOM; else a
 * charset= inside a <meta ...> tag in the first 1024 bytes; else
 * windows-1252.  Labels are mapped the way the WHATWG Encoding standard does
 * for the common cases (latin1/iso-8859-1/ascii -> windows-1252, since
 * libxml2 would treat 0x80-0x9f as C1 controls otherwise).
 */
static const char *
sniff_charset(const unsigned char *d, size_t n)
{
	static char label[64];

	if (n >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF)
		return "UTF-8";
	if (n >= 2 && d[0] == 0xFE && d[1] == 0xFF)
		return "UTF-16BE";
	if (n >= 2 && d[0] == 0xFF && d[1] == 0xFE)
		return "UTF-16LE";

	size_t		lim = n < 1024 ? n : 1024;
	const unsigned char *p = d, *end = d + lim;

	while (p < end)
	{
		const unsigned char *m = find_ci(p, end - p, "<meta");

		if (!m)
			break;
		const unsigned char *gt = memchr(m, '>', end - m);
		const unsigned char *tagend = gt ? gt : end;
		const unsigned char *cs = find_ci(m, tagend - m, "charset");

		p = m + 5;
		if (!cs)
			continue;
		cs += 7;
		while (cs < tagend && isspace(*cs))
			cs++;
		if (cs >= tagend || *cs != '=')
			continue;
		cs++;
		while (cs < tagend && (isspace(*cs) || *cs == '"' || *cs == '\''))
			cs++;
		size_t		k = 0;

		while (cs < tagend && k < sizeof label - 1 &&
			   (isalnum(*cs) || *cs == '-' || *cs == '_' || *cs == '.' || *cs == ':'))
			label[k++] = (char) tolower(*cs++);
		label[k] = 0;
		if (k == 0)
			continue;
		if (strcmp(label, "utf8") == 0 || strcmp(label, "unicode-1-1-utf-8") == 0)
			return "UTF-8";
		/* a meta saying UTF-16 in an ASCII-compatible prescan means UTF-8 */
		if (strncmp(label, "utf-16", 6) == 0)
			return "UTF-8";
		if (strcmp(label, "iso-8859-1") == 0 || strcmp(label, "latin1") == 0 ||
			strcmp(label, "us-ascii") == 0 || strcmp(label, "ascii") == 0 ||
			strcmp(label, "iso8859-1") == 0 || strcmp(label, "l1") == 0)
			return "windows-1252";
		if (strcmp(label, "x-sjis") == 0 || strcmp(label, "shift-jis") == 0)
			return "Shift_JIS";
		/* let libxml2 (iconv) resolve it; unknown labels fall back below */
		xmlCharEncodingHandlerPtr h = xmlFindCharEncodingHandler(label);

		if (h)
		{
			xmlCharEncCloseFunc(h);
			return strdup(label);
		}
	}
	return NULL;				/* no declaration: the caller's fallback */
}

/*
 * windows-1252 as the WHATWG Encoding standard defines it: 0x81, 0x8D, 0x8F,
 * 0x90 and 0x9D map to the C1 controls.  iconv's CP1252 (which libxml2 uses)
 * has no mapping for them, and libxml2 2.9.14 stops the parse at the first
 * such byte: the rest of the page is lost.  So windows-1252 pages are
 * transcoded here (inside the timed work) and parsed as UTF-8.
 */
static const unsigned short cp1252_hi[32] = {
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178
};

static unsigned char *
cp1252_to_utf8(const unsigned char *s, size_t n, size_t *outlen)
{
	unsigned char *o = malloc(3 * n + 1), *q = o;

	for (size_t i = 0; i < n; i++)
	{
		unsigned	c = s[i];

		if (c < 0x80)
		{
			*q++ = (unsigned char) c;
			continue;
		}
		if (c < 0xA0)
			c = cp1252_hi[c - 0x80];
		if (c < 0x800)
		{
			*q++ = 0xC0 | (c >> 6);
			*q++ = 0x80 | (c & 0x3F);
		}
		else
		{
			*q++ = 0xE0 | (c >> 12);
			*q++ = 0x80 | ((c >> 6) & 0x3F);
			*q++ = 0x80 | (c & 0x3F);
		}
	}
	*outlen = q - o;
	return o;
}

static int
valid_utf8(const unsigned char *s, size_t n)
{
	size_t		i = 0;

	while (i < n)
	{
		unsigned char c = s[i];
		int			k;

		if (c < 0x80)
		{
			i++;
			continue;
		}
		else if (c >= 0xC2 && c <= 0xDF)
			k = 1;
		else if (c >= 0xE0 && c <= 0xEF)
			k = 2;
		else if (c >= 0xF0 && c <= 0xF4)
			k = 3;
		else
			return 0;
		if (i + k >= n)
			return 0;
		for (int j = 1; j <= k; j++)
			if ((s[i + j] & 0xC0) != 0x80)
				return 0;
		i += k + 1;
	}
	return 1;
}

/* ---------------------------------------------------------------- dom mode */

static int
hidden_name(const xmlChar *name)
{
	if (!name)
		return 0;
	switch (name[0])
	{
		case 'h':
			return strcmp((const char *) name, "head") == 0;
		case 's':
			return strcmp((const char *) name, "script") == 0 ||
				strcmp((const char *) name, "style") == 0;
		case 'n':
			return strcmp((const char *) name, "noscript") == 0;
		case 't':
			return strcmp((const char *) name, "template") == 0;
	}
	return 0;
}

static const char *const block_names[] = {
	"address", "article", "aside", "blockquote", "body", "br", "caption", "center",
	"dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption",
	"figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
	"hgroup", "hr", "html", "legend", "li", "main", "menu", "nav", "ol", "option",
	"p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th",
	"thead", "tr", "ul", NULL
};

static int
block_name(const xmlChar *name)
{
	for (int i = 0; block_names[i]; i++)
		if (strcmp((const char *) name, block_names[i]) == 0)
			return 1;
	return 0;
}

typedef struct textbuf
{
	char	   *s;
	size_t		n, cap;
	int			space;			/* a collapsed space is pending */
} textbuf;

static void
tb_put(textbuf *t, const char *s, size_t n)
{
	if (t->n + n + 1 > t->cap)
	{
		t->cap = (t->n + n + 1) * 2;
		t->s = realloc(t->s, t->cap);
	}
	memcpy(t->s + t->n, s, n);
	t->n += n;
}

static void
tb_newline(textbuf *t)
{
	t->space = 0;
	if (t->n > 0 && t->s[t->n - 1] != '\n')
		tb_put(t, "\n", 1);
}

/* Appends text with white space collapsed; returns visible bytes added. */
static size_t
collapse(textbuf *t, const unsigned char *s, int pre)
{
	size_t		count = 0;

	for (; *s; s++)
	{
		unsigned char c = *s;

		if (!pre && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'))
		{
			t->space = 1;
			continue;
		}
		if (t)
		{
			if (t->space && t->n > 0 && t->s[t->n - 1] != '\n')
				tb_put(t, " ", 1);
			t->space = 0;
			tb_put(t, (const char *) &c, 1);
		}
		count++;
	}
	return count;
}

/* Counts visible bytes without building text (the timed path). */
static size_t
count_visible(const unsigned char *s)
{
	size_t		count = 0;

	for (; *s; s++)
		if (!(*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f'))
			count++;
	return count;
}

/* One iterative walk; when t != NULL also renders the text with line breaks. */
static size_t
walk_doc(xmlDocPtr doc, textbuf *t)
{
	size_t		total = 0;
	xmlNodePtr	n = doc ? doc->children : NULL;
	int			pre = 0;

	while (n)
	{
		int			descend = 0;

		if (n->type == XML_ELEMENT_NODE)
		{
			if (!hidden_name(n->name))
			{
				descend = n->children != NULL;
				if (t && block_name(n->name))
					tb_newline(t);
				if (strcmp((const char *) n->name, "pre") == 0 ||
					strcmp((const char *) n->name, "textarea") == 0)
					pre++;
			}
		}
		else if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE)
		{
			if (n->content)
				total += t ? collapse(t, n->content, pre > 0) : count_visible(n->content);
		}
		if (descend)
		{
			n = n->children;
			continue;
		}
		/* leaving n (and its ancestors while they have no next sibling) */
		for (;;)
		{
			if (n->type == XML_ELEMENT_NODE && !hidden_name(n->name))
			{
				if (t && block_name(n->name))
					tb_newline(t);
				if (strcmp((const char *) n->name, "pre") == 0 ||
					strcmp((const char *) n->name, "textarea") == 0)
					pre--;
			}
			if (n->next)
			{
				n = n->next;
				break;
			}
			n = n->parent;
			if (!n || n->type == XML_DOCUMENT_NODE || n->type == XML_HTML_DOCUMENT_NODE)
			{
				n = NULL;
				break;
			}
		}
	}
	return total;
}

static const int PARSE_OPTS = HTML_PARSE_RECOVER | HTML_PARSE_NONET |
	HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING;

/* The bytes to give libxml2 and their encoding (windows-1252 transcoded here). */
static const unsigned char *
input_of(const page *p, size_t *len, const char **enc, unsigned char **tofree)
{
	*tofree = NULL;
	*enc = p->enc;
	*len = p->len;
	if (strcmp(p->enc, "windows-1252") == 0)
	{
		*tofree = cp1252_to_utf8(p->data, p->len, len);
		*enc = "UTF-8";
		return *tofree;
	}
	return p->data;
}

static size_t
run_dom(const page *p, textbuf *t)
{
	size_t		len;
	const char *enc;
	unsigned char *tofree;
	const unsigned char *in = input_of(p, &len, &enc, &tofree);
	htmlDocPtr	doc = htmlReadMemory((const char *) in, (int) len, NULL, enc, PARSE_OPTS);
	size_t		n = walk_doc(doc, t);

	xmlFreeDoc(doc);
	free(tofree);
	return n;
}

/* ---------------------------------------------------------------- sax modes */

typedef struct sax_state
{
	size_t		chars;
	int			hidden;			/* depth inside hidden elements */
} sax_state;

static void
sax_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	sax_state  *s = ((htmlParserCtxtPtr) ctx)->_private;

	if (s->hidden || hidden_name(name))
		s->hidden++;
}

static void
sax_end(void *ctx, const xmlChar *name)
{
	sax_state  *s = ((htmlParserCtxtPtr) ctx)->_private;

	if (s->hidden)
		s->hidden--;
}

static void
sax_chars(void *ctx, const xmlChar *ch, int len)
{
	sax_state  *s = ((htmlParserCtxtPtr) ctx)->_private;

	if (s->hidden)
		return;
	for (int i = 0; i < len; i++)
		if (!(ch[i] == ' ' || ch[i] == '\t' || ch[i] == '\n' || ch[i] == '\r' || ch[i] == '\f'))
			s->chars++;
}

static size_t
run_sax(const page *p, int with_text)
{
	htmlSAXHandler sax;
	sax_state	st = {0, 0};
	htmlParserCtxtPtr ctxt;

	memset(&sax, 0, sizeof sax);
	if (with_text)
	{
		sax.startElement = sax_start;
		sax.endElement = sax_end;
		sax.characters = sax_chars;
		sax.cdataBlock = sax_chars;
	}
	size_t		len;
	const char *enc;
	unsigned char *tofree;
	const unsigned char *in = input_of(p, &len, &enc, &tofree);

	ctxt = htmlCreateMemoryParserCtxt((const char *) in, (int) len);
	if (!ctxt)
	{
		free(tofree);
		return 0;
	}
	memcpy(ctxt->sax, &sax, sizeof sax);
	ctxt->userData = ctxt;
	ctxt->_private = &st;
	htmlCtxtUseOptions(ctxt, PARSE_OPTS);
	{
		xmlCharEncodingHandlerPtr h = xmlFindCharEncodingHandler(enc);

		if (h)
			xmlSwitchToEncoding(ctxt, h);
	}
	htmlParseDocument(ctxt);
	if (ctxt->myDoc)
		xmlFreeDoc(ctxt->myDoc);
	ctxt->myDoc = NULL;
	htmlFreeParserCtxt(ctxt);
	free(tofree);
	return st.chars;
}

/* ---------------------------------------------------------------- main */

static double
now(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
cmp_dbl(const void *a, const void *b)
{
	double		x = *(const double *) a, y = *(const double *) b;

	return (x > y) - (x < y);
}

static void
mkdirs(const char *path)
{
	char		buf[4096];

	snprintf(buf, sizeof buf, "%s", path);
	for (char *s = buf + 1; *s; s++)
		if (*s == '/')
		{
			*s = 0;
			mkdir(buf, 0777);
			*s = '/';
		}
	mkdir(buf, 0777);
}

static void
write_texts(const char *outdir)
{
	for (size_t i = 0; i < n_pages; i++)
	{
		textbuf		t = {0};
		char		path[4096];
		char	   *dot;

		run_dom(&pages[i], &t);
		snprintf(path, sizeof path, "%s/%s", outdir, pages[i].rel);
		dot = strrchr(path, '.');
		if (dot)
			strcpy(dot, ".txt");
		char	   *slash = strrchr(path, '/');

		*slash = 0;
		mkdirs(path);
		*slash = '/';
		FILE	   *f = fopen(path, "wb");

		if (!f)
		{
			fprintf(stderr, "parse_ref: %s: %s\n", path, strerror(errno));
			exit(2);
		}
		if (t.n && t.s[t.n - 1] == '\n')
			t.n--;
		fwrite(t.s ? t.s : "", 1, t.n, f);
		fclose(f);
		free(t.s);
	}
}

int
main(int argc, char **argv)
{
	const char *modes[8];
	int			n_modes = 0, reps = 3, c;
	const char *textdir = NULL;

	while ((c = getopt(argc, argv, "m:r:t:quv")) != -1)
	{
		switch (c)
		{
			case 'm':
				if (n_modes < 8)
					modes[n_modes++] = optarg;
				break;
			case 'r':
				reps = atoi(optarg);
				break;
			case 't':
				textdir = optarg;
				break;
			case 'q':
				quiet = 1;
				break;
			case 'v':
				verbose = 1;
				break;
			case 'u':
				utf8_sniff = 1;
				break;
			default:
				fprintf(stderr, "usage: parse_ref [-m dom|sax|saxtext]... [-r N] [-t OUTDIR] [-q] [-u] [-v] PATH...\n");
				return 2;
		}
	}
	if (optind >= argc)
	{
		fprintf(stderr, "usage: parse_ref [-m dom|sax|saxtext]... [-r N] [-t OUTDIR] [-q] [-u] [-v] PATH...\n");
		return 2;
	}
	if (reps < 1)
		reps = 1;
	if (n_modes == 0)
	{
		modes[n_modes++] = "dom";
		modes[n_modes++] = "sax";
	}

	xmlInitParser();
	xmlSetGenericErrorFunc(NULL, quiet_errors);
	for (int i = optind; i < argc; i++)
	{
		struct stat st;

		if (stat(argv[i], &st) != 0)
		{
			fprintf(stderr, "parse_ref: %s: %s\n", argv[i], strerror(errno));
			return 2;
		}
		if (S_ISDIR(st.st_mode))
			walk_dir(argv[i], "");
		else
		{
			const char *b = strrchr(argv[i], '/');

			add_page(argv[i], b ? b + 1 : argv[i]);
		}
	}
	if (n_pages == 0)
	{
		fprintf(stderr, "parse_ref: no .html files\n");
		return 2;
	}

	size_t		bytes = 0;

	for (size_t i = 0; i < n_pages; i++)
	{
		/* sniffing is part of the per-page work but negligible; done once */
		pages[i].enc = sniff_charset(pages[i].data, pages[i].len);
		if (!pages[i].enc)
			pages[i].enc = utf8_sniff && valid_utf8(pages[i].data, pages[i].len) ?
				"UTF-8" : "windows-1252";
		bytes += pages[i].len;
	}
	if (textdir)
		write_texts(textdir);
	if (verbose)
	{
		/* per page: encoding, bytes, visible chars, and whether libxml2 hit
		 * an input conversion error (the rest of such a page is lost) */
		for (size_t i = 0; i < n_pages; i++)
		{
			int			before = conv_errors;
			size_t		chars = run_dom(&pages[i], NULL);

			printf("page=%s enc=%s bytes=%zu text_chars=%zu conv_error=%d\n",
				   pages[i].rel, pages[i].enc, pages[i].len, chars, conv_errors > before);
		}
	}
	int			bad = 0;

	for (size_t i = 0; i < n_pages; i++)
	{
		int			before = conv_errors;

		run_dom(&pages[i], NULL);
		bad += conv_errors > before;
	}
	if (bad && !quiet)
		fprintf(stderr, "parse_ref: %d page(s) hit a libxml2 input conversion error "
				"(text after the bad byte is lost); -v lists them\n", bad);

	for (int m = 0; m < n_modes; m++)
	{
		int			kind = strcmp(modes[m], "dom") == 0 ? 0 :
			strcmp(modes[m], "sax") == 0 ? 1 :
			strcmp(modes[m], "saxtext") == 0 ? 2 : -1;
		double		cpu[64], wall[64];
		size_t		chars = 0;

		if (kind < 0)
		{
			fprintf(stderr, "parse_ref: unknown mode %s\n", modes[m]);
			return 2;
		}
		if (reps > 64)
			reps = 64;
		for (int r = 0; r < reps; r++)
		{
			double		c0 = now(CLOCK_PROCESS_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC);

			chars = 0;
			for (size_t i = 0; i < n_pages; i++)
				chars += kind == 0 ? run_dom(&pages[i], NULL) : run_sax(&pages[i], kind == 2);
			cpu[r] = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
			wall[r] = now(CLOCK_MONOTONIC) - w0;
		}
		qsort(cpu, reps, sizeof(double), cmp_dbl);
		qsort(wall, reps, sizeof(double), cmp_dbl);
		double		c_med = cpu[reps / 2], w_med = wall[reps / 2];
		double		mb = bytes / 1e6;

		printf("mode=%s pages=%zu mb=%.3f reps=%d cpu_s=%.4f wall_s=%.4f pages_per_s=%.1f mb_per_s=%.2f text_chars=%zu\n",
			   modes[m], n_pages, mb, reps, c_med, w_med,
			   n_pages / c_med, mb / c_med, chars);
	}
	xmlCleanupParser();
	return 0;
}
