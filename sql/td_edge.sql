-- Edge cases: NULL, empty, odd and huge pages, encodings.
CREATE TABLE edge_profile AS
  SELECT template_profile(h) AS profile
  FROM (VALUES ('<div id="n">menu</div><p>one</p>'), ('<div id="n">menu</div><p>two</p>'),
               ('<div id="n">menu</div><p>three</p>'), ('<div id="n">menu</div><p>four</p>')) v(h);

-- NULL in, NULL out (STRICT), for every function
SELECT html_text(NULL::text) IS NULL AS t1, html_text(NULL::bytea) IS NULL AS t2,
       strip_template(NULL::text, profile) IS NULL AS t3,
       strip_template('<p>x</p>', NULL::tdprofile) IS NULL AS t4,
       strip_template('<p>x</p>', profile, NULL) IS NULL AS t5,
       strip_template_html(NULL::text, profile) IS NULL AS t6,
       profile_info(NULL) IS NULL AS t7,
       (SELECT count(*) FROM template_nodes(NULL::text, profile)) = 0 AS t8
FROM edge_profile;

-- the small template is removed, the rest kept
SELECT strip_template('<div id="n">menu</div><p>five</p>', profile) FROM edge_profile;

-- empty page: empty text, not NULL, not an error
SELECT html_text('') = '' AS empty_text, strip_template('', profile) = '' AS empty_strip,
       html_text(''::bytea) = '' AS empty_bytea,
       (SELECT count(*) FROM template_nodes('', profile)) AS nodes
FROM edge_profile;
-- an empty page is a page; a blank one is its exact duplicate, counted once
SELECT profile_info(template_profile(h)) -> 'pages' AS empty_page_counted,
       profile_info(template_profile(h)) -> 'duplicates' AS blank_is_its_duplicate
FROM (VALUES (''), ('   ')) v(h);

-- no <body>, text only, fragments, malformed markup, entities
SELECT html_text('<html><head><title>t</title></head></html>') = '' AS head_only;
SELECT html_text('<title>Title</title><p>para</p>') AS no_body;
SELECT html_text('just some text') AS text_only;
SELECT html_text('a &amp; b &lt;c&gt; &eacute; &#8364; &nbsp;x') AS entities;
SELECT html_text('<p>unclosed <b>bold <i>both</p><div>after</span></div>') AS malformed;
SELECT html_text('<p>line<br>break</p><pre>  keep
  spaces</pre><script>no()</script><style>p{}</style><noscript>no</noscript><!-- c -->') AS rules;

-- <noscript> is shown when the text it would show outweighs the visible text
-- of the rest of the page (forums serve whole threads there), hidden otherwise
SELECT html_text('<body><div id="app">Loading</div><noscript><h1>A thread</h1>'
                 '<p>The first post of the thread.</p></noscript></body>') AS shown,
       html_text('<body><p>An article with its own text.</p>'
                 '<noscript><p>Enable JavaScript</p></noscript></body>') AS hidden;
-- every function reads the same page: the forum's header, repeated inside the
-- noscript of each page, is site-level template
CREATE TABLE forum AS
SELECT n, format('<body><div id="app">Loading</div><noscript><div class="hd">Example forum: '
                 'latest, categories, top</div><p>Post number %s of its thread, in words.</p>'
                 '</noscript></body>', n) AS html
FROM generate_series(1, 5) n;
SELECT strip_template(html, (SELECT template_profile(html) FROM forum WHERE n < 5)) AS post
FROM forum WHERE n = 5;
DROP TABLE forum;

-- 100,000 nesting levels: no stack overflow, content kept (flattened below max_depth)
SELECT length(html_text(repeat('<div>', 100000) || 'deep' || repeat('</div>', 100000))) AS deep_len,
       html_text(repeat('<div>', 100000) || 'deep' || repeat('</div>', 100000)) = 'deep' AS deep_text;
SELECT html_text(repeat('<span>', 100000) || 'x' || repeat('</span>', 100000) || '<p>after</p>') AS deep_then_more;
SELECT max(length(path)) < 600 * 10 AS bounded_paths, count(*) > 0 AS has_rows
FROM template_nodes(repeat('<b>', 5000) || 'x', (SELECT profile FROM edge_profile));

-- a 20 MB page: parsed, stripped and profiled
SELECT length(p) AS bytes, length(html_text(p)) AS text_len,
       strip_template(p, profile) = html_text(p) AS nothing_to_strip
FROM (SELECT '<html><body>' || repeat('<div class="row"><p>some words here</p></div>', 450000) || '</body></html>' AS p) s,
     edge_profile;
SELECT profile_info(template_profile(p)) -> 'pages' AS big_pages
FROM (SELECT repeat('<div><p>cell</p></div>', 600000) AS p) s;

-- bytea: invalid UTF-8 (declared UTF-8) still gives valid text around it
SELECT position('before' in t) > 0 AS kept_before, position('after' in t) > 0 AS kept_after,
       t
FROM (SELECT html_text('\x3c6d65746120636861727365743d227574662d38223e3c703e6265666f726520c328ff20616674657220c3a93c2f703e'::bytea) AS t) s;
-- without a declaration the fallback is windows-1252: every byte is a character
SELECT html_text('\x3c703e6265666f726520c328ff20616674657220c3a93c2f703e'::bytea) AS win1252_fallback;
-- a BOM decides
SELECT html_text('\xefbbbf3c703ec3a93c2f703e'::bytea) AS utf8_bom;

-- windows-1252 with and without <meta charset>
SELECT html_text(convert_to('<meta charset="windows-1252"><p>café – “quoted” €5</p>', 'WIN1252')) AS win1252_meta;
SELECT html_text(convert_to('<p>café – “quoted” €5</p>', 'WIN1252')) AS win1252_default;
SELECT html_text(convert_to('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>naïve</p>', 'WIN1252')) AS win1252_http_equiv;

-- Shift_JIS: right with <meta charset>, windows-1252 mojibake without
SELECT html_text(convert_to('<html><head><meta charset="Shift_JIS"></head><body><p>日本語のページ</p></body></html>', 'SJIS')) AS sjis_meta;
SELECT html_text(convert_to('<p>日本語のページ</p>', 'SJIS')) = '日本語のページ' AS sjis_without_meta_decoded;

-- text and bytea agree on UTF-8 pages
SELECT html_text(convert_to('<meta charset="utf-8"><p>ÆØÅ ü 日本</p>', 'UTF8')) = html_text('<meta charset="utf-8"><p>ÆØÅ ü 日本</p>') AS agree;

-- profiles from bytea pages strip the same as from text pages
SELECT strip_template(convert_to(h, 'UTF8'), p) AS bytea_strip
FROM (SELECT template_profile(convert_to(h, 'WIN1252')) AS p
      FROM (VALUES ('<div id="n">menü</div><p>one</p>'), ('<div id="n">menü</div><p>two</p>'),
                   ('<div id="n">menü</div><p>three</p>')) v(h)) s,
     (VALUES ('<meta charset="utf-8"><div id="n">menü</div><p>neu</p>')) w(h);
