/*
 * tags.h — the HTML element names the core knows, with their rendering flags.
 * One X-macro list keeps ids, names and flags in step.
 */
#ifndef TD_TAGS_H
#define TD_TAGS_H

#include <stddef.h>
#include <stdint.h>

#include "base/tree.h"

#define B TD_F_BLOCK
#define H TD_F_HIDDEN
#define V TD_F_VOID
#define P TD_F_PRE
#define R TD_F_RAWTEXT
/* X(ID, "name", flags) */
#define TD_TAG_LIST(X) \
	X(A, "a", 0) X(ABBR, "abbr", 0) X(ADDRESS, "address", B) X(AREA, "area", V) \
	X(ARTICLE, "article", B) X(ASIDE, "aside", B) X(AUDIO, "audio", 0) X(B_, "b", 0) \
	X(BASE, "base", V | H) X(BDI, "bdi", 0) X(BDO, "bdo", 0) X(BLOCKQUOTE, "blockquote", B) \
	X(BODY, "body", B) X(BR, "br", B | V) X(BUTTON, "button", 0) X(CANVAS, "canvas", 0) \
	X(CAPTION, "caption", B) X(CENTER, "center", B) X(CITE, "cite", 0) X(CODE, "code", 0) \
	X(COL, "col", V) X(COLGROUP, "colgroup", B) X(DATA, "data", 0) X(DATALIST, "datalist", H) \
	X(DD, "dd", B) X(DEL, "del", 0) X(DETAILS, "details", B) X(DFN, "dfn", 0) \
	X(DIALOG, "dialog", B) X(DIR, "dir", B) X(DIV, "div", B) X(DL, "dl", B) X(DT, "dt", B) \
	X(EM, "em", 0) X(EMBED, "embed", V) X(FIELDSET, "fieldset", B) X(FIGCAPTION, "figcaption", B) \
	X(FIGURE, "figure", B) X(FONT, "font", 0) X(FOOTER, "footer", B) X(FORM, "form", B) \
	X(FRAME, "frame", V) X(FRAMESET, "frameset", B) X(H1, "h1", B) X(H2, "h2", B) X(H3, "h3", B) \
	X(H4, "h4", B) X(H5, "h5", B) X(H6, "h6", B) X(HEAD, "head", H) X(HEADER, "header", B) \
	X(HGROUP, "hgroup", B) X(HR, "hr", B | V) X(HTML, "html", B) X(I, "i", 0) \
	X(IFRAME, "iframe", H) X(IMG, "img", V) X(INPUT, "input", V) X(INS, "ins", 0) \
	X(ISINDEX, "isindex", V) X(KBD, "kbd", 0) X(KEYGEN, "keygen", V) X(LABEL, "label", 0) \
	X(LEGEND, "legend", B) X(LI, "li", B) X(LINK, "link", V | H) X(LISTING, "listing", B | P) \
	X(MAIN, "main", B) X(MAP, "map", 0) X(MARK, "mark", 0) X(MARQUEE, "marquee", B) \
	X(MENU, "menu", B) X(META, "meta", V | H) X(METER, "meter", 0) X(NAV, "nav", B) \
	X(NOBR, "nobr", 0) X(NOEMBED, "noembed", H) X(NOFRAMES, "noframes", H) \
	X(NOSCRIPT, "noscript", H) X(OBJECT, "object", 0) X(OL, "ol", B) X(OPTGROUP, "optgroup", B) \
	X(OPTION, "option", B) X(OUTPUT, "output", 0) X(P_, "p", B) X(PARAM, "param", V) \
	X(PICTURE, "picture", 0) X(PLAINTEXT, "plaintext", B | P) X(PRE, "pre", B | P) \
	X(PROGRESS, "progress", 0) X(Q, "q", 0) X(RP, "rp", 0) X(RT, "rt", 0) X(RUBY, "ruby", 0) \
	X(S, "s", 0) X(SAMP, "samp", 0) X(SCRIPT, "script", H | R) X(SEARCH, "search", B) \
	X(SECTION, "section", B) X(SELECT, "select", 0) X(SLOT, "slot", 0) X(SMALL, "small", 0) \
	X(SOURCE, "source", V) X(SPAN, "span", 0) X(STRIKE, "strike", 0) X(STRONG, "strong", 0) \
	X(STYLE, "style", H | R) X(SUB, "sub", 0) X(SUMMARY, "summary", B) X(SUP, "sup", 0) \
	X(SVG, "svg", 0) X(TABLE, "table", B) X(TBODY, "tbody", B) X(TD, "td", B) \
	X(TEMPLATE, "template", H) X(TEXTAREA, "textarea", B | P) X(TFOOT, "tfoot", B) \
	X(TH, "th", B) X(THEAD, "thead", B) X(TIME, "time", 0) X(TITLE, "title", H) X(TR, "tr", B) \
	X(TRACK, "track", V) X(TT, "tt", 0) X(U, "u", 0) X(UL, "ul", B) X(VAR, "var", 0) \
	X(VIDEO, "video", 0) X(WBR, "wbr", V) X(XMP, "xmp", B | P)

enum td_tag_id
{
	TD_TAG_UNKNOWN = 0,
#define TD_TAG_ENUM(id, name, flags) TD_TAG_##id,
	TD_TAG_LIST(TD_TAG_ENUM)
#undef TD_TAG_ENUM
	TD_TAG_COUNT
};

#undef B
#undef H
#undef V
#undef P
#undef R

/* Looks up a lower-case element name; TD_TAG_UNKNOWN if it is not an HTML tag. */
uint16_t	td_tag_lookup(const char *name, size_t len);
/* TD_F_BLOCK / TD_F_HIDDEN / TD_F_VOID / TD_F_PRE / TD_F_RAWTEXT bits of a tag id. */
uint8_t		td_tag_flags(uint16_t tag);
const char *td_tag_name(uint16_t tag);

#endif
