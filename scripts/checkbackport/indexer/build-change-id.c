// SPDX-License-Identifier: GPL-2.0
/*
 * Gerrit's Change-Id: a project reviewed on Gerrit (OpenVPN, Qt,
 * LibreOffice, OpenStack) keeps one "Change-Id: I..." line in a change's
 * message on every branch it is cherry-picked to, -x or not, adapted or
 * not: the one identity a hand-made backport keeps when its trailer is
 * missing or names a commit of a private repository.  A commit outside
 * mainline whose message cites no commit of the repository as its
 * origin is linked to the mainline commit with its Change-Id, as a link
 * of its own kind (CBP_SAME_CHANGE_ID, "same Change-Id"), which is then
 * judged as a citation is: the same subject or patch, adapted, or
 * suspicious and not followed when the two share nothing.
 *
 * Mainline may carry a Change-Id twice (a change reverted and applied
 * again, a merge of a rebased branch): the one with the commit's author
 * time is taken, and where that does not single one out, none is, since
 * picking would be a guess.  Every run looks again at the commits not
 * linked yet, since the mainline commit may arrive after its backport,
 * and at all of them when commits changed branches (build_unlink_copies()).
 */
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/util.h"

/* A commit and the mainline commit of its Change-Id, to link. */
struct chid_link {
	long long own, ml;
	char ml_hex[CBP_OID_HEXSZ + 1];
	char chid[CBP_CHANGE_ID_SIZE];
};

/*
 * The pairs of one commit while they are read, and the links decided;
 * written once the query is done, not while it reads the links table.
 */
struct pick {
	long long own;		/* the commit, 0 before the first pair */
	int nr;			/* its pairs so far */
	/* Its first pair stands out so far: 0 no, 1 alone, 2 by its time. */
	int single;
	struct chid_link cur;
	struct chid_link *l;
	size_t nr_l, alloc_l;
};

/* Keep the link of the commit read last if one mainline commit stands out. */
static void decide(struct pick *pk)
{
	if (!pk->own || !pk->single)
		return;
	pk->l = cbp_grow(pk->l, sizeof(*pk->l), pk->nr_l + 1, &pk->alloc_l);
	pk->l[pk->nr_l++] = pk->cur;
}

static int take_pair(const struct cbp_store_chid_pair *p, void *data)
{
	struct pick *pk = data;

	if (p->own != pk->own) {
		decide(pk);
		pk->own = p->own;
		pk->nr = 0;
	}
	/*
	 * Sorted with the same author time first: the first pair stands
	 * out alone, or with the author time when no other has it.
	 */
	if (pk->nr++ == 0) {
		pk->single = p->ml_hex && p->chid &&
			     strlen(p->ml_hex) == CBP_OID_HEXSZ &&
			     strlen(p->chid) < sizeof(pk->cur.chid);
		if (!pk->single)
			return 0;
		pk->cur.own = p->own;
		pk->cur.ml = p->ml;
		memcpy(pk->cur.ml_hex, p->ml_hex, sizeof(pk->cur.ml_hex));
		memcpy(pk->cur.chid, p->chid, strlen(p->chid) + 1);
		pk->single = p->same_time ? 2 : 1;
	} else if (pk->single == 1 || p->same_time) {
		pk->single = 0;
	}
	return 0;
}

/**
 * build_link_change_ids() - link the commits mainline's Change-Ids name
 * @b: the build, after the citations were resolved and before they are
 *     judged
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_link_change_ids(struct build *b)
{
	unsigned long long mb = build_mainline_bit(b);
	struct pick pk = { 0 };
	int err = 0;
	size_t i;

	if (!mb)
		return 0;
	if (cbp_store_change_id_pairs(b->w, mb, take_pair, &pk))
		err = -1;
	else
		decide(&pk);
	for (i = 0; !err && i < pk.nr_l; i++) {
		const struct chid_link *l = &pk.l[i];

		err = cbp_store_add_change_id_link(b->w, l->own, l->ml_hex,
						   l->ml, l->chid);
		/* An origin link, as far as a squash is concerned. */
		build_row_add_origin(b, l->own);
	}
	free(pk.l);
	return err;
}
