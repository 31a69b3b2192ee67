-- clean_html and clean_markdown: clean_text's decision as safe HTML and as
-- Markdown; html_text's title line; zero-width characters.
CREATE TEMP TABLE out_pages (url text PRIMARY KEY, html text);
-- a small site: three pages with the same navigation and footer
INSERT INTO out_pages
SELECT 'https://keld.example/history/' || name,
       '<html><head><title>' || title || ' | Keld Heritage</title>
<meta name="author" content="Ann Lee"><meta property="article:published_time" content="2024-05-02">
</head><body>
<nav><a href="/">Home</a> | <a href="/news">News</a> | <a href="/about">About</a></nav>
<article>' || body || '</article>
<footer>Keld Heritage | <a href="/privacy">Privacy</a></footer></body></html>'
FROM (VALUES
  ('bridge', 'The old bridge', $$<h1>The old bridge</h1>
<p>Built in 1742 by the <a href="/masons">masons' guild</a>, with <em>three</em> arches.</p>
<ul><li>1820: west arch rebuilt</li><li>1955: parapet raised<ul><li>by 30 cm</li></ul></li></ul>
<table><tr><th>Year</th><th>Cost</th></tr><tr><td>1820</td><td>40 pounds</td></tr></table>
<pre>span   = 12 m
arches = 3</pre>
<p>Stars like *these* stay text.<img src="/b.jpg" alt="The bridge"></p>$$),
  ('mill', 'The mill', '<h1>The mill</h1><p>The mill ground oats until 1901.</p>'),
  ('church', 'The church', '<h1>The church</h1><p>The church tower was rebuilt twice.</p>')) v(name, title, body);
CREATE TEMP TABLE out_profile AS SELECT template_profile(html) AS profile FROM out_pages;

-- one page, four outputs (README.md): the same decision, so the same content
SELECT clean_text(html, profile, min_pages => 3)
FROM out_pages, out_profile WHERE url LIKE '%bridge';
SELECT clean_html(html, profile, base_url => url, min_pages => 3)
FROM out_pages, out_profile WHERE url LIKE '%bridge';
SELECT clean_markdown(html, profile, min_pages => 3)
FROM out_pages, out_profile WHERE url LIKE '%bridge';
SELECT clean_markdown(html, profile, base_url => url, min_pages => 3, links => true, images => true)
FROM out_pages, out_profile WHERE url LIKE '%bridge';
SELECT jsonb_pretty(page_metadata(html, url)) FROM out_pages WHERE url LIKE '%bridge';

-- the words of clean_html are clean_text's, page by page, with a profile and without
SELECT url, clean_text(html, profile, min_pages => 3) = html_text(clean_html(html, profile, min_pages => 3)) AS site,
       clean_text(html) = html_text(clean_html(html)) AS page
FROM out_pages, out_profile ORDER BY url;

-- safe to show: no scripts, styles, forms, event handlers, script or data URLs
SELECT clean_html($$<div onclick="steal()"><h2 style="x">Report</h2>
<p>Read <a href="javascript:alert(1)">this</a>, <a href=" java&#10;script:alert(2)">that</a>,
<a href="data:text/html,&lt;script&gt;">the data</a> and <a href="mailto:ed@keld.example">write</a>.
<img src="data:image/png;base64,AAAA" alt="pixel"><img src="/map.png" onerror="steal()" alt="map"></p>
<script>steal()</script><style>p { color: red }</style><iframe src="/ad"></iframe>
<form action="/q"><input name="q" value="x"><button onclick="steal()">Search</button></form>
<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p></div>$$);

-- unwrapped blocks keep their words apart
SELECT clean_html('<div><div>one</div><div>two</div></div><ul><li>three<div>four</div></li></ul>');

-- Markdown: escaping, nesting, code fences, tables.  These pages are rendering
-- cases, not content: a model that scores every element sigmoid(-3) (td_page's
-- small_model with a zero weight) keeps every block, so what is rendered does not
-- hang on the built-in trees' judgement of a page this small.
CREATE TABLE keep_all AS SELECT page.small_model('in_template_area', 0, -3) AS model;
SELECT clean_markdown($$<h3>Notes # 2</h3>
<p># not a heading</p><p>1. not a list</p><p>- nor this</p><p>a_b*c*d `e` &lt;f&gt; g|h ~i~ &amp;amp;</p>
<ol><li>one</li><li>two<ol><li>two.one</li></ol></li></ol>
<blockquote><p>quoted</p><p>twice</p></blockquote>
<pre>has ``` inside</pre>
<table><tr><td>a|b</td><td><p>c</p><p>d</p></td></tr><tr><td>e</td></tr></table>
<table><tr><td colspan="2">wide</td></tr><tr><td>x</td><td>y</td></tr></table>$$,
  model => (SELECT model FROM keep_all));

-- emphasis only where a CommonMark parser reads one
SELECT clean_markdown('<p>a <em>b</em> c<strong>d</strong>e (<i>f</i>) <b> g </b>h</p>',
  model => (SELECT model FROM keep_all));
-- and with the built-in decision: a page of one short paragraph is kept whole
SELECT clean_markdown('<p>a <em>b</em> c<strong>d</strong>e (<i>f</i>) <b> g </b>h</p>') AS lone_paragraph;

-- html_text with the title line only when asked
SELECT html_text(html, title => true) FROM out_pages WHERE url LIKE '%bridge' \gset
SELECT split_part(:'html_text', E'\n', 1) AS first_line;
SELECT html_text('<title>T</title><p>x</p>'), html_text('<title>T</title><p>x</p>', false),
       html_text('<title>T</title><p>x</p>', true), html_text('<p>x</p>', true),
       html_text('<title>T</title>'::bytea, true);

-- zero-width characters are dropped from every text output
SELECT html_text(t), clean_text(t), clean_markdown(t), clean_html(t)
FROM (SELECT E'<p>tem\u200Bplate \uFEFFword\u2060s\u200C\u200D</p>' AS t) s;

-- bytea pages, NULL arguments, bad arguments
SELECT clean_html(convert_to('<p>caf' || chr(233) || '</p>', 'LATIN1')),
       clean_markdown(convert_to('<p>caf' || chr(233) || '</p>', 'LATIN1'));
SELECT clean_html(NULL::text) IS NULL AS html_null, clean_markdown('<p>x</p>', links => NULL) IS NULL AS links_null,
       clean_html('<p>x</p>', min_pages => NULL) IS NULL AS min_pages_null;
\set VERBOSITY terse
SELECT clean_html('<p>x</p>', min_pages => 0);
SELECT clean_markdown('<p>x</p>', model => '{"version": 2}');
\set VERBOSITY default
