/*
 * forum_page.h — a hand-written forum thread (three same-shape replies,
 * DiscussionForumPosting JSON-LD) that the built-in page-type model calls a
 * forum: used by test_pagetype.c.
 */
#ifndef TD_TEST_FORUM_PAGE_H
#define TD_TEST_FORUM_PAGE_H

static const char forum_page[] =
	"<html><head><title>How do I reset my router? - Help forum</title>"
	"<script type=\"application/ld+json\">{\"@type\":\"DiscussionForumPosting\",\"headline\":\"reset\"}</script>"
	"</head><body><nav><a href=/>Forums</a> &gt; <a href=/forum/networking>Networking</a></nav>"
	"<h1>How do I reset my router?</h1>"
	"<div class=post id=post-1><div class=post-author><span class=username>maria</span> <time>Jan 3</time></div>"
	"<div class=message-body>My router keeps dropping the connection. How do I reset it to factory settings?</div>"
	"<a class=reply-link href=#reply>Reply</a></div>"
	"<div class=post id=post-2><div class=post-author><span class=username>tom_k</span> <time>Jan 3</time></div>"
	"<div class=message-body>Hold the small button on the back for ten seconds until the lights blink.</div>"
	"<a class=reply-link href=#reply>Reply</a></div>"
	"<div class=post id=post-3><div class=post-author><span class=username>maria</span> <time>Jan 4</time></div>"
	"<div class=message-body>That worked, thank you! The connection has been stable since.</div>"
	"<a class=reply-link href=#reply>Reply</a></div>"
	"<form class=reply-form><textarea name=body></textarea><button>Post reply</button></form>"
	"</body></html>";

#endif							/* TD_TEST_FORUM_PAGE_H */
