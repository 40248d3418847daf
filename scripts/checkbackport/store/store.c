// SPDX-License-Identifier: GPL-2.0
/*
 * The index file: its schema and version, opening and validating it,
 * locking it for a build, and the per-connection state queries use.
 *
 * Schema (PRAGMA user_version = CBP_SCHEMA_VERSION, application_id 'CBP1'):
 *
 *   meta(key, value)            complete=1 once a build has finished;
 *                               present, the number of commits; gaps,
 *                               what the repository lacked (CBP_GAP_*)
 *   commits(id, hex, state, subject, shash, atime, parents, ckey, hkey)
 *                               one row per commit (state 1), and one per
 *                               cited ID that is missing (0) or ambiguous
 *                               (2), keyed by the ID as cited; parents is
 *                               a blob of little-endian 32-bit row ids;
 *                               ckey the subject as copies are searched
 *                               by (cbp_subject_copy_key()); hkey the ID's
 *                               first digits as a number, which lookups
 *                               by ID go through (cbp_hex_key())
 *   reach(id, rel, branches)    first release (tags.id, 0 if none) and a
 *                               bitmap of the branches containing it
 *   links(src, kind, cited, quoted, dst)
 *                               one row per citation; kind is enum cbp_kind;
 *                               and one per copy without a citation
 *                               (CBP_SAME_PATCH_ID, build-copies.c) and
 *                               per commit linked by its Change-Id
 *                               (CBP_SAME_CHANGE_ID, quoted the
 *                               Change-Id, build-change-id.c)
 *   tags(id, name, commit_id, vkey)
 *                               release tags, vkey = cbp_version_key()
 *   branches(bit, name, role, tip, base)
 *                               tracked branches, the tip last seen, and
 *                               the version key of the newest mainline
 *                               release the branch contains whole (-1)
 *   trust(src, dst, verdict, sfiles, dfiles, common, spath, dpath)
 *                               the verdict (enum cbp_trust) on the origin
 *                               citations from src to dst, both commits,
 *                               when their subjects differ; the numbers of
 *                               files each touches and both touch, and a
 *                               file to name (see build-trust.c)
 *   malformed(src, kind, line, cited, digits, quoted)
 *                               citations whose ID has more than 40 digits
 *   morder(id, pos)             mainline order: a topological position
 *                               for each mainline commit (build-edges.c)
 *   refs(name, tip)             every ref whose history is indexed, and
 *                               its commit, as of the last build
 *   pids(id, blobs, files)      of the commits build-copies.c compared,
 *                               hashes of their files' blob IDs and of
 *                               their paths
 *   compared(own, ml, same)     of the pairs build-copies.c diffed (the
 *                               same files from other blobs), whether
 *                               they make the same change (1) or not (0)
 *                               (cbp_git_change_same_content())
 *   chids(id, chid)             the Gerrit Change-Id of each commit whose
 *                               message names one (cbp_change_id())
 *
 * A file is used only when it carries our application id, our schema
 * version and meta.complete = 1 (cbp_store_check()); the builder
 * (build*.c) writes it, everything else only reads it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store.h"
#include "store-priv.h"
#include "base/util.h"

static const char schema_sql[] =
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
	"CREATE TABLE commits(id INTEGER PRIMARY KEY, hex TEXT NOT NULL,\n"
	" state INTEGER NOT NULL, subject TEXT, shash INTEGER,\n"
	" atime INTEGER, parents BLOB, ckey INTEGER, hkey INTEGER NOT NULL);"
	"CREATE TABLE reach(id INTEGER PRIMARY KEY,\n"
	" rel INTEGER NOT NULL DEFAULT 0, branches INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE links(src INTEGER NOT NULL, kind INTEGER NOT NULL,\n"
	" cited TEXT NOT NULL, quoted TEXT, dst INTEGER);"
	"CREATE TABLE tags(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,\n"
	" commit_id INTEGER NOT NULL, vkey INTEGER NOT NULL);"
	"CREATE TABLE branches(bit INTEGER PRIMARY KEY, name TEXT NOT NULL,\n"
	" role INTEGER NOT NULL, tip TEXT NOT NULL, base INTEGER NOT NULL);"
	"CREATE TABLE trust(src INTEGER NOT NULL, dst INTEGER NOT NULL,\n"
	" verdict INTEGER NOT NULL, sfiles INTEGER, dfiles INTEGER,\n"
	" common INTEGER, spath TEXT, dpath TEXT, PRIMARY KEY(src, dst))\n"
	" WITHOUT ROWID;"
	"CREATE TABLE malformed(src INTEGER NOT NULL, kind INTEGER NOT NULL,\n"
	" line INTEGER NOT NULL, cited TEXT NOT NULL, digits INTEGER NOT NULL,\n"
	" quoted TEXT);"
	"CREATE TABLE morder(id INTEGER PRIMARY KEY, pos INTEGER NOT NULL);"
	"CREATE TABLE refs(name TEXT PRIMARY KEY, tip TEXT NOT NULL);"
	"CREATE TABLE pids(id INTEGER PRIMARY KEY, blobs INTEGER NOT NULL,\n"
	" files INTEGER NOT NULL);"
	"CREATE TABLE compared(own INTEGER NOT NULL, ml INTEGER NOT NULL,\n"
	" same INTEGER NOT NULL, PRIMARY KEY(own, ml)) WITHOUT ROWID;"
	"CREATE TABLE chids(id INTEGER PRIMARY KEY, chid TEXT NOT NULL);";

/* Created after the bulk load of a fresh build. */
static const char index_sql[] =
	"CREATE INDEX commits_hkey ON commits(hkey);"
	"CREATE INDEX commits_shash ON commits(shash);"
	"CREATE INDEX commits_ckey ON commits(ckey);"
	"CREATE INDEX commits_atime ON commits(atime);"
	"CREATE INDEX commits_absent ON commits(state) WHERE state != 1;"
	"CREATE INDEX links_src ON links(src);"
	"CREATE INDEX chids_chid ON chids(chid);"
	"CREATE INDEX malformed_src ON malformed(src);";

/* Created once the citations of a fresh build are resolved. */
static const char link_index_sql[] =
	"CREATE INDEX links_dst ON links(dst);";

/* ---------------------------------------------------------------------- */
/* Opening, validating and locking. */

/*
 * SQLite's global settings, before its first use.  Its allocation
 * statistics, on by default, take a global mutex around every malloc()
 * and free() to keep counts nobody here reads: off, a names query runs
 * 16 % fewer instructions (callgrind: 1.83 to 1.55 million).
 */
static void store_configure_sqlite(void)
{
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/**
 * cbp_store_open_db() - open a SQLite file for reading and writing
 * @path: the file
 * @create: create it if it does not exist
 * @db: the connection, NULL on failure
 *
 * A connection is only ever used by the thread that opened it (the
 * build's other threads read git, never the index), so it takes no
 * mutex of its own around every call: SQLITE_OPEN_NOMUTEX, which took
 * 2 % off the instructions of a cold build (callgrind, gen-repo's
 * 10,000 commits: 731 to 714 million), nearly all of them in
 * pthread_mutex_lock() and pthread_mutex_unlock().
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
static int cbp_store_open_db(const char *path, int create, sqlite3 **db)
{
	static pthread_once_t configured = PTHREAD_ONCE_INIT;
	int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX |
		    (create ? SQLITE_OPEN_CREATE : 0);

	pthread_once(&configured, store_configure_sqlite);
	if (sqlite3_open_v2(path, db, flags, NULL) != SQLITE_OK) {
		cbp_error_sqlite(*db, path);
		sqlite3_close(*db);
		*db = NULL;
		return -1;
	}
	sqlite3_busy_timeout(*db, 60000);
	sqlite3_extended_result_codes(*db, 0);
	return 0;
}

/*
 * Is @path a file of ours?  Only the header is read, before SQLite opens
 * the file (which could roll back a journal beside it): the SQLite magic
 * and our application id (big-endian at offset 68).  Returns 0 if it is,
 * 1 if there is no file, CBP_STORE_FOREIGN with the reason recorded.
 */
static int store_is_ours(const char *path)
{
	static const char magic[16] = "SQLite format 3";
	unsigned char hdr[100];
	struct stat st;
	unsigned long app;
	ssize_t n;
	int fd;

	if (stat(path, &st)) {
		if (errno == ENOENT)
			return 1;
		cbp_error("cannot read %s: %s", path, strerror(errno));
		return CBP_STORE_FOREIGN;
	}
	if (!S_ISREG(st.st_mode)) {
		cbp_error("%s is not a checkbackport index (%s); it is left as it is",
			  path, "not a regular file");
		return CBP_STORE_FOREIGN;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		cbp_error("cannot read %s: %s", path, strerror(errno));
		return CBP_STORE_FOREIGN;
	}
	n = pread(fd, hdr, sizeof(hdr), 0);
	close(fd);
	app = n == (ssize_t)sizeof(hdr) ?
	      (unsigned long)hdr[68] << 24 | hdr[69] << 16 | hdr[70] << 8 | hdr[71] : 0;
	if (n != (ssize_t)sizeof(hdr) || memcmp(hdr, magic, sizeof(magic)) ||
	    app != CBP_APP_ID) {
		cbp_error("%s is not a checkbackport index; it is left as it is (%s)",
			  path, "remove it, or give another --index");
		return CBP_STORE_FOREIGN;
	}
	return 0;
}

/**
 * cbp_store_file() - the file a path leads to, following symbolic links
 * @path: the index as given
 *
 * The links are followed by hand, so that a link to a file not yet made
 * gives where the file will be: the index is replaced there, and the
 * links stay links.
 *
 * Return: a new string, or NULL with the error recorded (a loop of
 * links, or one that cannot be read).
 */
static char *cbp_store_file(const char *path)
{
	char *cur = cbp_strdup(path);
	int hops;

	for (hops = 0; hops < 40; hops++) {
		char target[PATH_MAX], *slash, *next;
		struct stat st;
		ssize_t n;

		if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
			return cur;
		n = readlink(cur, target, sizeof(target) - 1);
		if (n < 0) {
			cbp_error("cannot read the link %s: %s", cur,
				  strerror(errno));
			free(cur);
			return NULL;
		}
		target[n] = '\0';
		slash = strrchr(cur, '/');
		if (target[0] == '/' || !slash)
			next = cbp_strdup(target);
		else
			next = cbp_strf("%.*s/%s", (int)(slash - cur), cur, target);
		free(cur);
		cur = next;
	}
	cbp_error("too many levels of symbolic links at %s", path);
	free(cur);
	return NULL;
}

/*
 * Is @name (in directory @dir) a temporary file a build of index file
 * @base left behind: "@base.new.PID", a regular file, empty or SQLite?
 */
static int is_stale_tmp(int dir, const char *name, const char *base)
{
	static const char magic[16] = "SQLite format 3";
	size_t len = strlen(base);
	char hdr[16];
	struct stat st;
	int fd, ours;

	if (strncmp(name, base, len) || strncmp(name + len, ".new.", 5) ||
	    !name[len + 5] || strspn(name + len + 5, "0123456789") !=
	    strlen(name + len + 5))
		return 0;
	if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
		return 0;
	if (!st.st_size)
		return 1;
	fd = openat(dir, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return 0;
	ours = pread(fd, hdr, sizeof(hdr), 0) == (ssize_t)sizeof(hdr) &&
	       !memcmp(hdr, magic, sizeof(magic));
	close(fd);
	return ours;
}

/**
 * cbp_store_remove_stale() - remove what killed builds left behind
 * @path: the index; its lock must be held
 *
 * A build writes FILE.new.PID beside the index file and renames it into
 * place when done; one that was killed leaves it there.  With the lock
 * held no build is running, so every such file (empty or SQLite, to be
 * sure it is ours) is removed.  Errors are ignored: they cost only disk.
 */
void cbp_store_remove_stale(const char *path)
{
	char *file = cbp_store_file(path), *slash, *dirname;
	const char *base;
	struct dirent *de;
	DIR *d;

	if (!file)
		return;
	slash = strrchr(file, '/');
	base = slash ? slash + 1 : file;
	dirname = slash ? cbp_strndup(file, slash == file ? 1 : slash - file) :
		  cbp_strdup(".");
	d = opendir(dirname);
	while (d && (de = readdir(d)))
		if (is_stale_tmp(dirfd(d), de->d_name, base))
			unlinkat(dirfd(d), de->d_name, 0);
	if (d)
		closedir(d);
	free(dirname);
	free(file);
}

/*
 * Whether the SQLite file open in @db is a complete index of our version:
 * 0, or -1 with the reason recorded.
 */
static int check_db(sqlite3 *db, const char *path)
{
	long long app, ver, complete = -1;

	if (cbp_db_int(db, "PRAGMA application_id", &app) ||
	    cbp_db_int(db, "PRAGMA user_version", &ver))
		return -1;
	if (app != CBP_APP_ID)
		return cbp_error("%s is not a checkbackport index", path);
	if (ver != CBP_SCHEMA_VERSION)
		return cbp_error("index schema version %lld, this program uses %d",
				 ver, CBP_SCHEMA_VERSION);
	if (cbp_db_int(db, "SELECT value FROM meta WHERE key = 'complete'",
		       &complete) || complete != 1)
		return cbp_error("index is incomplete");
	return 0;
}

/**
 * cbp_store_check() - whether a file is a complete index of our version
 * @path: the file
 * @dbp: a connection to it when it is, else NULL
 *
 * A file that is not ours (not SQLite, or without our application id,
 * or not a regular file) is never opened by SQLite, so never changed.
 *
 * Return: 0 if it is; 1 if there is no file; CBP_STORE_STALE if it is
 * ours but unusable (another schema version, incomplete or damaged), and
 * CBP_STORE_FOREIGN if it is not ours, with the reason recorded.
 */
int cbp_store_check(const char *path, sqlite3 **dbp)
{
	sqlite3 *db;
	int rc;

	*dbp = NULL;
	rc = store_is_ours(path);
	if (rc)
		return rc;
	if (cbp_store_open_db(path, 0, &db))
		return CBP_STORE_STALE;
	if (check_db(db, path)) {
		sqlite3_close(db);
		return CBP_STORE_STALE;
	}
	*dbp = db;
	return 0;
}

/**
 * cbp_store_index_new() - an index not opened yet, for the builder
 * @path: where its file is (copied)
 *
 * Return: the index, to open with cbp_store_check_index() and release
 * with cbp_index_close().
 */
struct cbp_index *cbp_store_index_new(const char *path)
{
	struct cbp_index *idx = cbp_calloc(1, sizeof(*idx));

	idx->mainline_bit = -1;
	idx->gaps = -1;
	idx->path = cbp_strdup(path);
	return idx;
}

/**
 * cbp_store_check_index() - open an index's file if it is a valid index
 * @idx: the index, with no connection open
 *
 * Return: as cbp_store_check(), the connection kept when it is 0.
 */
int cbp_store_check_index(struct cbp_index *idx)
{
	return cbp_store_check(idx->path, &idx->db);
}

/**
 * cbp_store_close_db() - close an index's connection and its statements
 * @idx: the index
 */
void cbp_store_close_db(struct cbp_index *idx)
{
	int i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++) {
			sqlite3_finalize(idx->st_links[i][j]);
			sqlite3_finalize(idx->st_malformed[i][j]);
			idx->st_links[i][j] = NULL;
			idx->st_malformed[i][j] = NULL;
		}
	sqlite3_finalize(idx->st_get);
	sqlite3_finalize(idx->st_range);
	idx->st_get = NULL;
	idx->st_range = NULL;
	sqlite3_close(idx->db);
	idx->db = NULL;
}

/**
 * cbp_index_lock() - take the lock that serialises builds of an index
 * @path: the index file; the lock is FILE.lock, FILE being @path with
 *	  symbolic links followed, so that every name of it shares one lock
 *
 * Waits, saying so, while another run holds it.
 *
 * Return: the locked descriptor (close it to unlock), or -1 with the
 * error recorded.
 */
int cbp_index_lock(const char *path)
{
	char *file = cbp_store_file(path);
	char *lock = cbp_strf("%s.lock", file ? file : path);
	int fd;

	free(file);
	/* Never through a link: the lock is ours, beside the index file. */
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd < 0) {
		cbp_error("cannot open %s: %s", lock, strerror(errno));
		free(lock);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		cbp_note("waiting for another index run to finish (%s)", lock);
		if (flock(fd, LOCK_EX)) {
			cbp_error("cannot lock %s: %s", lock, strerror(errno));
			close(fd);
			fd = -1;
		}
	}
	free(lock);
	return fd;
}

/**
 * cbp_branch_version() - the series a branch name carries
 * @name: e.g. "linux-6.12.y", "origin/linux-6.12.y", "release/1.7",
 *	  "v255-stable" or "nm-1-52"
 *
 * The first run of digits and, up to four numbers, the digits that
 * follow a '.', '-' or '_' after it: 6.12, 1.7, 255, 1.52.
 *
 * Return: cbp_release_key() of that series, or a negative value if the
 * name carries no version.
 */
long long cbp_branch_version(const char *name)
{
	const char *p = name;
	char ver[64];
	size_t n = 0;
	int nums = 0;

	while (*p && (*p < '0' || *p > '9'))
		p++;
	while (*p >= '0' && *p <= '9' && nums < 4) {
		while (*p >= '0' && *p <= '9' && n < sizeof(ver) - 2)
			ver[n++] = *p++;
		nums++;
		if ((*p != '.' && *p != '-' && *p != '_') ||
		    p[1] < '0' || p[1] > '9' || nums == 4)
			break;
		ver[n++] = '.';
		p++;
	}
	ver[n] = '\0';
	return n ? cbp_release_key(ver, n) : -1;
}

/* Report order: mainline, stable, others; newest series first; by name. */
static int cmp_report(const struct cbp_branch *x, const struct cbp_branch *y)
{
	long long vx, vy;

	if (x->role != y->role)
		return x->role < y->role ? -1 : 1;
	vx = cbp_branch_version(x->name);
	vy = cbp_branch_version(y->name);
	if (vx != vy)
		return vx > vy ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The bits of the tracked branches in report order, into idx->order. */
static void order_branches(struct cbp_index *idx)
{
	int bit, i;

	idx->nr_order = 0;
	for (bit = 0; bit < idx->nr_branches; bit++) {
		if (!idx->branch[bit].name)
			continue;
		for (i = idx->nr_order; i > 0 &&
		     cmp_report(&idx->branch[bit],
				&idx->branch[idx->order[i - 1]]) < 0; i--)
			idx->order[i] = idx->order[i - 1];
		idx->order[i] = bit;
		idx->nr_order++;
	}
}

/**
 * cbp_store_load_branches() - read the tracked branches of an index
 * @idx: the index
 *
 * Also reads what the index tracks (cbp_index_tracking()).
 *
 * Return: 0, or -1 with SQLite's message recorded.
 */
int cbp_store_load_branches(struct cbp_index *idx)
{
	char *seen[CBP_TRACK_NR];
	sqlite3_stmt *st;
	int rc;

	idx->mainline_bit = -1;
	if (cbp_db_prepare(idx->db, "SELECT bit, name, role, base FROM branches",
			   &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int bit = sqlite3_column_int(st, 0);
		const char *name = (const char *)sqlite3_column_text(st, 1);

		if (bit < 0 || bit >= CBP_MAX_BRANCHES || !name)
			continue;
		free(idx->branch[bit].name);
		idx->branch[bit].name = cbp_strdup(name);
		idx->branch[bit].role = sqlite3_column_int(st, 2);
		idx->branch[bit].base = sqlite3_column_int64(st, 3);
		if (idx->branch[bit].role == CBP_ROLE_MAINLINE)
			idx->mainline_bit = bit;
		if (bit >= idx->nr_branches)
			idx->nr_branches = bit + 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return cbp_error_sqlite(idx->db, "index");
	order_branches(idx);
	cbp_track_free(idx->track);
	if (cbp_store_read_tracking(idx->db, idx->track, seen, &idx->gaps))
		return -1;
	cbp_track_free(seen);
	return 0;
}

/**
 * cbp_prepare_queries() - prepare the statements the query functions use
 * @idx: the index
 *
 * Those of cbp_links() are prepared when first used (store-query.c).
 *
 * Return: 0, or -1 on error.
 */
int cbp_prepare_queries(struct cbp_index *idx)
{
	if (idx->st_get)
		return 0;
	if (cbp_db_prepare(idx->db,
			   "SELECT c.hex, c.state, c.subject, c.atime, t.name,\n"
			   " t.vkey, r.branches, m.pos FROM commits c\n"
			   " LEFT JOIN reach r ON r.id = c.id\n"
			   " LEFT JOIN tags t ON t.id = r.rel\n"
			   " LEFT JOIN morder m ON m.id = c.id WHERE c.id = ?",
			   &idx->st_get) ||
		cbp_db_prepare(idx->db,
			       "SELECT id, state, hex FROM commits\n"
			       " WHERE hkey >= ?1 AND hkey < ?2 AND hex >= ?3 AND hex < ?4\n"
			       " ORDER BY state DESC, hex",
			       &idx->st_range))
		return -1;
	return 0;
}

/**
 * cbp_store_create() - start a fresh index in a private temporary file
 * @idx: the index; @idx->path is where it will be, @idx->db becomes the
 *	 new file, with the tables created and a transaction open
 * @tmp: the name of the temporary file (free() it)
 *
 * The file is private until cbp_store_publish() puts it in place, so it
 * is written with the fast settings: no journal, no sync.  It is made
 * beside the file @idx->path leads to (following symbolic links), which
 * cbp_store_publish() replaces.
 *
 * Return: 0, or -1 with the error recorded and nothing left behind.
 */
int cbp_store_create(struct cbp_index *idx, char **tmp)
{
	free(idx->file);
	idx->file = cbp_store_file(idx->path);
	if (!idx->file) {
		*tmp = NULL;
		return -1;
	}
	*tmp = cbp_strf("%s.new.%ld", idx->file, (long)getpid());
	unlink(*tmp);
	if (cbp_store_open_db(*tmp, 1, &idx->db)) {
		free(*tmp);
		*tmp = NULL;
		return -1;
	}
	if (cbp_db_exec(idx->db,
			"PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
			"PRAGMA locking_mode = EXCLUSIVE;"
			"PRAGMA cache_size = -65536; BEGIN;") ||
	    cbp_db_exec(idx->db, schema_sql)) {
		cbp_store_abandon(idx, *tmp);
		free(*tmp);
		*tmp = NULL;
		return -1;
	}
	return 0;
}

/**
 * cbp_store_add_indexes() - create the SQL indexes of a fresh index
 * @idx: the index, from cbp_store_create()
 *
 * Done after the bulk load, which is faster without them; all but the
 * index of links by the row cited (cbp_store_add_link_index()).
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_store_add_indexes(struct cbp_index *idx)
{
	return cbp_db_exec(idx->db, index_sql);
}

/**
 * cbp_store_add_link_index() - index the links of a fresh index by dst
 * @idx: the index, from cbp_store_create()
 *
 * Done once the builder has set every link's dst, which it does one row
 * at a time: each of those updates would also move an entry of this
 * index (in a 100,000-commit history, creating it afterwards costs
 * about a sixth of keeping it up to date through them).
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_store_add_link_index(struct cbp_index *idx)
{
	return cbp_db_exec(idx->db, link_index_sql);
}

/**
 * cbp_store_abandon() - give up a fresh index
 * @idx: the index, from cbp_store_create()
 * @tmp: its temporary file, removed
 *
 * The message of the error that made the caller give up is kept.
 */
void cbp_store_abandon(struct cbp_index *idx, const char *tmp)
{
	char *msg = cbp_strdup(cbp_errmsg());

	sqlite3_exec(idx->db, "ROLLBACK", NULL, NULL, NULL);
	cbp_error("%s", msg);
	free(msg);
	cbp_store_close_db(idx);
	unlink(tmp);
}

/* fsync() a file or directory by name; 0, or -1 with the error recorded. */
static int sync_path(const char *path, int dir)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | (dir ? O_DIRECTORY : 0));
	int err = 0;

	if (fd < 0)
		return cbp_error("cannot open %s: %s", path, strerror(errno));
	if (fsync(fd))
		err = cbp_error("cannot write %s to disk: %s", path,
				strerror(errno));
	close(fd);
	return err;
}

/**
 * cbp_store_publish() - mark a fresh index complete and put it in place
 * @idx: the index, from cbp_store_create(); closed on return
 * @tmp: its temporary file
 *
 * The file is stamped as ours (application id, schema version, complete),
 * written to disk (it was written without syncs), renamed over the file
 * @idx->path leads to, and the rename written to disk with its directory:
 * readers see the old index or the new one, never half of one, and so
 * does the next run after a crash or a power loss.  A symbolic link at
 * @idx->path stays one.
 *
 * Return: 0, or -1 with the error recorded and @tmp removed.
 */
int cbp_store_publish(struct cbp_index *idx, const char *tmp)
{
	char *sql = cbp_strf("PRAGMA application_id = %d; PRAGMA user_version = %d;"
			     "INSERT OR REPLACE INTO meta VALUES ('complete', 1);"
			     "COMMIT;", CBP_APP_ID, CBP_SCHEMA_VERSION);
	char *journal, *dir, *slash;
	int err = cbp_db_exec(idx->db, sql);

	free(sql);
	if (err) {
		cbp_store_abandon(idx, tmp);
		return -1;
	}
	cbp_store_close_db(idx);
	if (sync_path(tmp, 0)) {
		unlink(tmp);
		return -1;
	}
	/* Any journal left there belongs to the file being replaced. */
	journal = cbp_strf("%s-journal", idx->file);
	unlink(journal);
	free(journal);
	if (rename(tmp, idx->file)) {
		err = cbp_error("cannot rename %s: %s", tmp, strerror(errno));
		unlink(tmp);
		return err;
	}
	dir = cbp_strdup(idx->file);
	slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir] = '\0';
	err = sync_path(slash ? dir : ".", 1);
	free(dir);
	return err;
}

/**
 * cbp_index_open_existing() - open a valid index without touching git
 * @out: the opened index
 * @path: the index file
 *
 * The path of queries: no lock, no update.  Building and updating are
 * the builder's (cbp_index_open() in build.h).
 *
 * Return: 0 on success; -1 if there is no valid index at @path.
 */
int cbp_index_open_existing(struct cbp_index **out, const char *path)
{
	struct cbp_index *idx = cbp_store_index_new(path);

	*out = NULL;
	/*
	 * One read transaction for the whole query, the checks of the file
	 * included: SQLite then takes and checks its shared lock once, not
	 * around every statement.
	 */
	if (store_is_ours(path) || cbp_store_open_db(path, 0, &idx->db) ||
	    cbp_db_exec(idx->db, "BEGIN") || check_db(idx->db, path) ||
	    cbp_prepare_queries(idx) || cbp_store_load_branches(idx)) {
		cbp_index_close(idx);
		return -1;
	}
	*out = idx;
	return 0;
}

/**
 * cbp_index_default_path() - where a repository's index lives by default
 * @commondir: the git directory shared by the repository's worktrees
 *
 * Return: a new string, @commondir/checkbackport.db.
 */
char *cbp_index_default_path(const char *commondir)
{
	size_t len = strlen(commondir);

	return cbp_strf("%s%scheckbackport.db", commondir,
			len && commondir[len - 1] == '/' ? "" : "/");
}

/**
 * cbp_index_close() - release an index opened by cbp_index_open()
 * @idx: the index, or NULL
 */
void cbp_index_close(struct cbp_index *idx)
{
	int i;

	if (!idx)
		return;
	cbp_store_close_db(idx);
	for (i = 0; i < CBP_MAX_BRANCHES; i++)
		free(idx->branch[i].name);
	cbp_track_free(idx->track);
	cbp_tag_cache_free(idx->tags);
	free(idx->file);
	free(idx->path);
	free(idx);
}

/**
 * cbp_index_path() - where the index lives
 * @idx: the index
 *
 * Return: the path of the SQLite file.
 */
const char *cbp_index_path(const struct cbp_index *idx)
{
	return idx->path;
}

/**
 * cbp_store_sqlite_version() - the version of the SQLite library in use
 *
 * Return: its version string ("3.46.1").
 */
const char *cbp_store_sqlite_version(void)
{
	return sqlite3_libversion();
}

/**
 * cbp_index_nr_branches() - one more than the highest branch bit in use
 * @idx: the index
 *
 * Return: the bound to loop cbp_index_branch() up to.
 */
int cbp_index_nr_branches(const struct cbp_index *idx)
{
	return idx->nr_branches;
}

/**
 * cbp_index_branch() - the tracked branch behind a bit of cbp_commit.branches
 * @idx: the index
 * @bit: the bit number
 *
 * Return: the branch, or NULL if the bit is unused.
 */
const struct cbp_branch *cbp_index_branch(const struct cbp_index *idx,
					  int bit)
{
	if (bit < 0 || bit >= CBP_MAX_BRANCHES || !idx->branch[bit].name)
		return NULL;
	return &idx->branch[bit];
}

/**
 * cbp_index_branch_at() - the tracked branches in the order to report them
 * @idx: the index
 * @i: position, from 0
 *
 * Mainline first, then stable branches, then others; the newest series
 * first, then by name.  The order does not depend on the bits the
 * branches were given, so two indexes tracking the same branches report
 * them alike.
 *
 * Return: the bit of the @i-th branch, or -1 past the last.
 */
int cbp_index_branch_at(const struct cbp_index *idx, int i)
{
	return i >= 0 && i < idx->nr_order ? idx->order[i] : -1;
}

/**
 * cbp_index_mainline_bit() - bit of the mainline branch
 * @idx: the index
 *
 * Return: the bit, or -1 if the mainline branch was not found.
 */
int cbp_index_mainline_bit(const struct cbp_index *idx)
{
	return idx->mainline_bit;
}
