-- ===========================================================================
-- menu-based method (seeds 003 ch. 2-3, §5.2; 004 §4): links, their order, the
-- menu (complete subdigraph), ETDM (src/core/menu/, src/pg/menu/; URLs: src/core/util/,
-- src/pg/util/)
-- ===========================================================================

---------------------------------------------------------------------------
-- links, their order, complete subdigraph (seed 003 ch. 2, §5.2; 004 §4)
---------------------------------------------------------------------------
-- URL normal form and distances: src/core/util/url.h; Algorithm 1:
-- src/core/menu/links.h; Algorithm 2: src/core/menu/menu.h.
CREATE FUNCTION resolve_url(base_url text, href text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_resolve_url' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION resolve_url(text, text) IS
	'href resolved against base_url (RFC 3986 §5.2) in the normal form of the link functions; NULL when href leads to no http(s) page';
CREATE FUNCTION normalize_url(url text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_normalize_url' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION normalize_url(text) IS
	'The normal form of an absolute http(s) URL (lower-case scheme and host, default port, dot segments and fragment removed, percent-encoding normalised); NULL when it is not one';

CREATE FUNCTION page_links(html text, base_url text, same_domain bool DEFAULT true,
	OUT "position" int, OUT url text, OUT path text, OUT text text, OUT node int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'page_links_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION page_links(text, text, bool) IS
	'The page''s links (<a>/<area> href, resolved against base_url or <base href>, normalised, fragment removed) in document order, with their DOM path, anchor text and node id; same-domain only by default (seed 003 §5.2.4)';
CREATE FUNCTION page_links(html bytea, base_url text, same_domain bool DEFAULT true,
	OUT "position" int, OUT url text, OUT path text, OUT text text, OUT node int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'page_links_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION page_links(bytea, text, bool) IS
	'page_links for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION ordered_links(html text, base_url text, same_domain bool DEFAULT true,
	OUT link_order int, OUT url text, OUT hyperlink_distance int, OUT dom_distance int,
	OUT path text, OUT text text, OUT node int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'ordered_links_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION ordered_links(text, text, bool) IS
	'One row per distinct link URL other than the page itself, in the exploration order of seed 003 Algorithm 1: hyperlink distance from base_url (0, +1, +2, ..., -1, -2, ...), then the larger DOM distance to the nearest other link first, then document order';
CREATE FUNCTION ordered_links(html bytea, base_url text, same_domain bool DEFAULT true,
	OUT link_order int, OUT url text, OUT hyperlink_distance int, OUT dom_distance int,
	OUT path text, OUT text text, OUT node int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'ordered_links_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION ordered_links(bytea, text, bool) IS
	'ordered_links for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION menu_pages(key_url text, pages regclass, n int DEFAULT 3,
	url_column name DEFAULT 'url', html_column name DEFAULT 'html',
	max_pages_read int DEFAULT 100, same_domain bool DEFAULT true,
	OUT url text, OUT link_order int, OUT cs_size int, OUT complete bool, OUT pages_read int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'menu_pages' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED COST 10000 ROWS 3;
COMMENT ON FUNCTION menu_pages(text, regclass, int, name, name, int, bool) IS
	'Seed 003 Algorithm 2: the n pages linked from the key page that all link to each other (an n-complete subdigraph, the menu), or the largest such set found, reading pages of the table by URL in Algorithm 1''s order; pages_read counts the pages read';

---------------------------------------------------------------------------
-- menu-based template extraction (seed 003 ch. 3, §5.2; seed 004 §4)
---------------------------------------------------------------------------
-- ETDM: the exact top-down mapping of the key page onto each peer page under the
-- equality probability of Def. 3.2.2; a key node is template when it is mapped in
-- at least `votes` of the peers (t of n, §5.2.2).  Defaults: §5.2.3 (src/core/menu/etdm.h).
CREATE FUNCTION etdm_template(key_html text, peer_htmls text[], votes int DEFAULT 2,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'etdm_template_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION etdm_template(text, text[], int, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'The key page''s template as HTML: its nodes mapped (exact top-down mapping, equality probability of seed 003 Def. 3.2.2) in at least votes of the peer pages';
CREATE FUNCTION etdm_template(key_html bytea, peer_htmls bytea[], votes int DEFAULT 2,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'etdm_template_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION etdm_template(bytea, bytea[], int, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'etdm_template for raw page bytes (charset from BOM or <meta>, else windows-1252)';
CREATE FUNCTION strip_etdm(key_html text, peer_htmls text[], votes int DEFAULT 2,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'strip_etdm_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION strip_etdm(text, text[], int, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'The key page''s visible text without its ETDM template (the nodes mapped in at least votes of the peer pages)';
CREATE FUNCTION strip_etdm(key_html bytea, peer_htmls bytea[], votes int DEFAULT 2,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'strip_etdm_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION strip_etdm(bytea, bytea[], int, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'strip_etdm for raw page bytes (charset from BOM or <meta>, else windows-1252)';

-- strip_menu, menu_template: menu_pages then ETDM (etdm_template's parameters, same defaults)
CREATE FUNCTION strip_menu(key_url text, pages regclass, n int DEFAULT 3, votes int DEFAULT 2,
		url_column name DEFAULT 'url', html_column name DEFAULT 'html',
		max_pages_read int DEFAULT 100, same_domain boolean DEFAULT true,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'strip_menu' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED COST 10000;
COMMENT ON FUNCTION strip_menu(text, regclass, int, int, name, name, int, boolean, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'The key page''s visible text without its template: menu_pages finds the pages of its menu in the table (completed by the other pages read when no n-CS exists), ETDM keeps the key nodes mapped in at least votes of them; the whole text when fewer than votes pages are found, NULL when the key page is not in the table';
CREATE FUNCTION menu_template(key_url text, pages regclass, n int DEFAULT 3, votes int DEFAULT 2,
		url_column name DEFAULT 'url', html_column name DEFAULT 'html',
		max_pages_read int DEFAULT 100, same_domain boolean DEFAULT true,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'menu_template' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED COST 10000;
COMMENT ON FUNCTION menu_template(text, regclass, int, int, name, name, int, boolean, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'The key page''s template as HTML, from the same pages as strip_menu; NULL when fewer than votes pages are found or the key page is not in the table';
