/*
 * test_util.c — the shared helpers of src/core/util: white space classes.
 */
#include <ctype.h>
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/ascii.h"

/* ---- white space ------------------------------------------------------- */

static void
test_ascii(void)
{
	int			html = 0,
				c_only = 0;

	setlocale(LC_CTYPE, "C");
	for (int c = 0; c < 256; c++)
	{
		int			want_html = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';

		CHECK(td_is_html_space((unsigned char) c) == want_html, "html space 0x%02x", c);
		CHECK(td_is_c_space((unsigned char) c) == (isspace(c) != 0), "C space 0x%02x", c);
		html += td_is_html_space((unsigned char) c);
		c_only += td_is_c_space((unsigned char) c) && !td_is_html_space((unsigned char) c);
	}
	/* the two differ in vertical tab alone */
	CHECK(html == 5 && c_only == 1 && td_is_c_space('\v') && !td_is_html_space('\v'),
		  "%d html, %d C only", html, c_only);
	/* a signed char passes the byte, not a negative number */
	CHECK(!td_is_c_space((char) 0x85) && !td_is_html_space((char) 0xA0), "high bytes");
}

int
main(void)
{
	test_ascii();
	return check_done("test_util");
}
