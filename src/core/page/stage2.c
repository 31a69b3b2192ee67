/*
 * stage2.c — the second stage's neighbourhood columns (stage2.h).
 */
#include "page/stage2.h"

#include <string.h>

#include "base/hash.h"
#include "util/poll.h"

#define POLL_EVERY 4096
#define HIGH 0.5				/* stage 1's "template" */

const char *const td_stage2_names[TD_N_STAGE2] = {
#define TD_S2_NAME(id, name) name,
	TD_STAGE2_LIST(TD_S2_NAME)
#undef TD_S2_NAME
};

/* Weighted mean sw_p / sw, without one member (w, pv); own when nothing is left. */
static float
mean_without(double sw, double swp, double w, double pv, double own)
{
	return sw - w > 0.5 ? (float) ((swp - w * pv) / (sw - w)) : (float) own;
}

td_status
td_stage2_cols(const td_tree *t, const uint32_t *vis, const uint32_t *which,
			   uint32_t n_rows, const double *p, const float *top,
			   size_t top_stride, float *out, size_t stride)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes,
				cap = 16,
				n_groups = 0,
				c = 0;
	char	   *block;
	double	   *cw,
			   *cwp,
			   *gw,
			   *gwp;
	uint64_t   *gkey;
	uint32_t   *row,
			   *acc,
			   *up,
			   *gid,
			   *slot;
	double		total,
				top_w = 0,
				top_wp = 0;
	float		high,
				core,
				top_p;
	td_status	st = TD_OK;

	if (n_rows == 0)
		return TD_OK;
	for (uint32_t j = 0; j < n_rows; j++)
		if (which[j] == 0 || which[j] >= n || (j > 0 && which[j] <= which[j - 1]))
			return td_fail(env, TD_EARG, "stage-2 rows must be increasing element nodes");
	while (cap < 2 * (uint64_t) n_rows)
		cap *= 2;
	/* one block: the 8-byte arrays, then the 4-byte ones */
	block = td_alloc(env, ((size_t) n_rows * 5 + 2) * 8 + ((size_t) n * 2 + (size_t) n_rows * 2 + cap) * 4);
	if (!block)
		return td_fail(env, TD_ENOMEM, "out of memory for stage-2 columns");
	cw = (double *) block;		/* n_rows + 1: the last is the root's */
	cwp = cw + n_rows + 1;
	gw = cwp + n_rows + 1;
	gwp = gw + n_rows;
	gkey = (uint64_t *) (gwp + n_rows);
	row = (uint32_t *) (gkey + n_rows);
	acc = row + n;
	up = acc + n;
	gid = up + n_rows;
	slot = gid + n_rows;
	memset(cw, 0, sizeof(double) * 2 * (n_rows + 1));
	memset(slot, 0, sizeof(uint32_t) * cap);
	total = vis[0];

	/* node -> its nearest shown ancestor-or-self's row (parents first) */
	for (uint32_t i = 0; i < n; i++)
		row[i] = TD_NONE;
	for (uint32_t j = 0; j < n_rows; j++)
		row[which[j]] = j;
	for (uint32_t i = 1; i < n; i++)
	{
		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "stage-2 columns interrupted");
			goto done;
		}
		if (row[i] == TD_NONE)
			row[i] = row[t->nodes[i].parent];
	}

	/* parents, ancestors' p, children's and siblings' sums, (parent, tag) groups */
	for (uint32_t j = 0; j < n_rows; j++)
	{
		const td_node *nd = &t->nodes[which[j]];
		uint32_t	u = row[nd->parent],
					pu = u == TD_NONE ? n_rows : u,
					s;
		float	   *o = out + (size_t) j * stride;
		double		w = vis[which[j]] + 1.0;
		uint64_t	k = td_hash_mix((uint64_t) pu * 65536 + nd->tag, 0x5354414745320001ULL) | 1;

		if (td_poll_every(env, j, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "stage-2 columns interrupted");
			goto done;
		}
		up[j] = u;
		o[TD_S2_S1_P] = (float) p[j];
		if (u == TD_NONE)
		{
			o[TD_S2_S1_PARENT] = o[TD_S2_S1_GPARENT] = -1;
			o[TD_S2_S1_ANC_MIN] = o[TD_S2_S1_ANC_MAX] = (float) p[j];
		}
		else
		{
			const float *po = out + (size_t) u * stride;
			int			root_child = up[u] == TD_NONE;

			o[TD_S2_S1_PARENT] = (float) p[u];
			o[TD_S2_S1_GPARENT] = root_child ? -1 : (float) p[up[u]];
			o[TD_S2_S1_ANC_MIN] = root_child || (float) p[u] < po[TD_S2_S1_ANC_MIN] ?
				(float) p[u] : po[TD_S2_S1_ANC_MIN];
			o[TD_S2_S1_ANC_MAX] = root_child || (float) p[u] > po[TD_S2_S1_ANC_MAX] ?
				(float) p[u] : po[TD_S2_S1_ANC_MAX];
		}
		cw[pu] += w;
		cwp[pu] += w * p[j];
		for (s = (uint32_t) k & (cap - 1); slot[s] && gkey[slot[s] - 1] != k; s = (s + 1) & (cap - 1))
			;
		if (!slot[s])
		{
			gkey[n_groups] = k;
			gw[n_groups] = gwp[n_groups] = 0;
			slot[s] = ++n_groups;
		}
		gid[j] = slot[s] - 1;
		gw[gid[j]] += w;
		gwp[gid[j]] += w * p[j];
		if (top && top[(size_t) j * top_stride] != 0 &&
			(u == TD_NONE || top[(size_t) u * top_stride] == 0))
		{
			top_w += w;
			top_wp += w * p[j];
		}
	}

	/*
	 * Text in no shown element with p >= HIGH, per subtree (children first):
	 * acc[i] is what i's subtree holds apart from what i's own p would take.
	 */
	for (uint32_t i = 0; i < n; i++)
		acc[i] = t->nodes[i].kind == TD_TEXT ? vis[i] : 0;
	for (uint32_t i = n; i-- > 1;)
	{
		uint32_t	r = row[i];

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "stage-2 columns interrupted");
			goto done;
		}
		if (!(r != TD_NONE && which[r] == i && p[r] >= HIGH))
			acc[t->nodes[i].parent] += acc[i];
	}
	/* c: the deepest node whose kept text is at least half of the page's */
	for (uint32_t i = 1; i < n; i++)
	{
		uint32_t	r = row[i];

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "stage-2 columns interrupted");
			goto done;
		}
		if (t->nodes[i].kind == TD_ELEM && 2.0 * acc[i] >= acc[0] && acc[0] > 0 &&
			!(r != TD_NONE && which[r] == i && p[r] >= HIGH))
			c = i;
	}
	high = total > 0 ? (float) (1.0 - acc[0] / total) : 0;
	core = total > 0 ? (float) (acc[c] / total) : 0;
	top_p = top_w > 0 ? (float) (top_wp / top_w) : -1;

	/* the rest of each row */
	for (uint32_t j = 0; j < n_rows; j++)
	{
		uint32_t	i = which[j],
					pu = up[j] == TD_NONE ? n_rows : up[j];
		float	   *o = out + (size_t) j * stride;
		double		w = vis[i] + 1.0;

		if (td_poll_every(env, j, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "stage-2 columns interrupted");
			goto done;
		}
		o[TD_S2_S1_KIDS] = cw[j] > 0 ? (float) (cwp[j] / cw[j]) : (float) p[j];
		o[TD_S2_S1_SIBS] = mean_without(cw[pu], cwp[pu], w, p[j], p[j]);
		o[TD_S2_S1_TAG_SIBS] = mean_without(gw[gid[j]], gwp[gid[j]], w, p[j], p[j]);
		o[TD_S2_S1_SUB_LOW] = vis[i] > 0 ? (float) ((double) acc[i] / vis[i]) : 1;
		o[TD_S2_S1_POS] = i >= c && i < t->nodes[c].end ? 0 :
			i < c && t->nodes[i].end > c ? 1 : i < c ? 2 : 3;
		o[TD_S2_P_S1_HIGH] = high;
		o[TD_S2_P_S1_CORE] = core;
		o[TD_S2_P_S1_TOP] = top_p;
	}
done:
	td_free(env, block);
	return st;
}
