/*
 * env.h — what every core module shares: status codes, the allocator and
 * interrupt interface, and a growable byte buffer.
 *
 * The core never calls exit(), abort() or longjmp on bad input: every function
 * that can fail returns a td_status and leaves a message in env->errmsg.  The
 * PostgreSQL glue maps statuses to SQLSTATEs; the unit tests and fuzzers use
 * td_env_default() (malloc, never interrupted).
 */
#ifndef TD_ENV_H
#define TD_ENV_H

#include <stddef.h>
#include <stdint.h>

typedef enum td_status
{
	TD_OK = 0,
	TD_ENOMEM,					/* the allocator returned NULL */
	TD_ELIMIT,					/* input over a configured limit (size, nodes) */
	TD_EINTR,					/* env->interrupted() asked us to stop */
	TD_EFORMAT,					/* invalid serialized bytes (profile, model) */
	TD_EARG,					/* invalid argument (threshold out of range...) */
	TD_EPARSER,					/* libxml2 could not set up a parser */
	TD_ENOTHTML					/* the input is not markup (base/markup.h) */
} td_status;

typedef struct td_env
{
	/* Allocation: return NULL on failure, never throw. */
	void	   *(*alloc) (void *arg, size_t size);
	/* old_size is the size passed when p was allocated (p may be NULL). */
	void	   *(*realloc) (void *arg, void *p, size_t old_size, size_t new_size);
	void		(*free) (void *arg, void *p);
	/* Polled in long loops; nonzero makes the running call return TD_EINTR. */
	int			(*interrupted) (void *arg);
	void	   *arg;
	char		errmsg[256];
} td_env;

/* A malloc-based environment that is never interrupted. */
void		td_env_default(td_env *env);

/* Sets env->errmsg (printf-style) and returns status, for one-line error returns. */
td_status	td_fail(td_env *env, td_status status, const char *fmt,...)
#if defined(__GNUC__)
			__attribute__((format(printf, 3, 4)))
#endif
			;

static inline void *
td_alloc(td_env *env, size_t size)
{
	return env->alloc(env->arg, size ? size : 1);
}

static inline void
td_free(td_env *env, void *p)
{
	if (p)
		env->free(env->arg, p);
}

/* Grows *p (holding *cap elements of elem bytes) to at least need elements. */
td_status	td_grow(td_env *env, void **p, size_t *cap, size_t need, size_t elem);

/* Growable byte buffer; data is NUL-terminated after td_buf_finish-free use. */
typedef struct td_buf
{
	td_env	   *env;
	char	   *data;
	size_t		len;
	size_t		cap;
} td_buf;

void		td_buf_init(td_buf *b, td_env *env);
td_status	td_buf_append(td_buf *b, const void *data, size_t len);
td_status	td_buf_putc(td_buf *b, char c);
/* Makes data NUL-terminated (not counted in len). */
td_status	td_buf_terminate(td_buf *b);
void		td_buf_free(td_buf *b);

#endif							/* TD_ENV_H */
