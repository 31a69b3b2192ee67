/*
 * env.c — the default environment, error messages, growth and byte buffers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/env.h"

static void *
default_alloc(void *arg, size_t size)
{
	(void) arg;
	return malloc(size);
}

static void *
default_realloc(void *arg, void *p, size_t old_size, size_t new_size)
{
	(void) arg;
	(void) old_size;
	return realloc(p, new_size);
}

static void
default_free(void *arg, void *p)
{
	(void) arg;
	free(p);
}

static int
never_interrupted(void *arg)
{
	(void) arg;
	return 0;
}

void
td_env_default(td_env *env)
{
	memset(env, 0, sizeof(*env));
	env->alloc = default_alloc;
	env->realloc = default_realloc;
	env->free = default_free;
	env->interrupted = never_interrupted;
}

td_status
td_fail(td_env *env, td_status status, const char *fmt,...)
{
	va_list		ap;

	va_start(ap, fmt);
	vsnprintf(env->errmsg, sizeof(env->errmsg), fmt, ap);
	va_end(ap);
	return status;
}

td_status
td_grow(td_env *env, void **p, size_t *cap, size_t need, size_t elem)
{
	size_t		newcap;
	void	   *np;

	if (need <= *cap)
		return TD_OK;
	newcap = *cap ? *cap : 16;
	while (newcap < need)
	{
		if (newcap > SIZE_MAX / 2 / elem)
			return td_fail(env, TD_ENOMEM, "allocation of %zu elements overflows", need);
		newcap *= 2;
	}
	np = env->realloc(env->arg, *p, *cap * elem, newcap * elem);
	if (np == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory allocating %zu bytes", newcap * elem);
	*p = np;
	*cap = newcap;
	return TD_OK;
}

void
td_buf_init(td_buf *b, td_env *env)
{
	b->env = env;
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
}

td_status
td_buf_append(td_buf *b, const void *data, size_t len)
{
	td_status	st;

	if (len == 0)
		return TD_OK;
	if (len > SIZE_MAX - b->len - 1)
		return td_fail(b->env, TD_ENOMEM, "buffer size overflows");
	st = td_grow(b->env, (void **) &b->data, &b->cap, b->len + len + 1, 1);
	if (st != TD_OK)
		return st;
	memcpy(b->data + b->len, data, len);
	b->len += len;
	return TD_OK;
}

td_status
td_buf_putc(td_buf *b, char c)
{
	return td_buf_append(b, &c, 1);
}

td_status
td_buf_terminate(td_buf *b)
{
	td_status	st = td_grow(b->env, (void **) &b->data, &b->cap, b->len + 1, 1);

	if (st != TD_OK)
		return st;
	b->data[b->len] = '\0';
	return TD_OK;
}

void
td_buf_free(td_buf *b)
{
	td_free(b->env, b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
