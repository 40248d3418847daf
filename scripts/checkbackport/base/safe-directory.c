// SPDX-License-Identifier: GPL-2.0
/*
 * git's rule for repositories owned by someone else (safe.directory), as
 * git 2.39 applies it, for both programs: the front finds repositories
 * without libgit2, and libgit2 1.5's own check differs from git's (it
 * ignores safe.directory=*, the command line's config and SUDO_UID), so
 * checkbackport-git turns it off and asks this file instead.
 *
 * A repository is used when the .git file that led to it (if any), its
 * working tree (if any) and its git directory are all owned by the user
 * (root running under sudo counts as $SUDO_UID), or when the protected
 * config says so: the system and global config files and the command
 * line's (GIT_CONFIG_COUNT, GIT_CONFIG_PARAMETERS), read in that order,
 * with includes, never the repository's own config.  There each
 * safe.directory is "*" (any repository), a path (after ~ expansion,
 * compared as a string with the working tree, or the git directory of a
 * bare repository), or empty, which forgets the ones before it.
 *
 * The config reader follows git's syntax (sections, subsections,
 * quoting, escapes, continuation lines, comments); a file it cannot read
 * is an error, as it is for git.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "safe-directory.h"
#include "util.h"

#define MAX_INCLUDE_DEPTH	10

/* What reading the protected config decides for one repository path. */
struct safe_dir {
	const char *path;	/* working tree, or git dir if bare */
	int is_safe;
	int depth;		/* of includes */
};

static int read_file(struct safe_dir *sd, const char *path);

/* git_env_bool(): unset is @def; true, yes, on or a non-zero number. */
static int env_bool(const char *name, int def)
{
	const char *v = getenv(name);
	char *end;
	long n;

	if (!v)
		return def;
	if (!strcasecmp(v, "true") || !strcasecmp(v, "yes") ||
	    !strcasecmp(v, "on"))
		return 1;
	if (!*v || !strcasecmp(v, "false") || !strcasecmp(v, "no") ||
	    !strcasecmp(v, "off"))
		return 0;
	n = strtol(v, &end, 10);
	return *end ? def : n != 0;
}

/*
 * Is @path owned by the user?  lstat(), as git does; root running under
 * sudo is taken for the user $SUDO_UID names, unless the file is root's.
 */
static int owned_by_user(const char *path, uid_t *owner)
{
	const char *sudo = getenv("SUDO_UID");
	uid_t euid = geteuid();
	struct stat st;

	*owner = (uid_t)-1;
	if (lstat(path, &st))
		return 0;
	*owner = st.st_uid;
	if (euid == 0) {
		if (st.st_uid == 0)
			return 1;
		if (sudo && *sudo) {
			unsigned long id;
			char *end;

			errno = 0;
			id = strtoul(sudo, &end, 10);
			if (!*end && !errno)
				euid = (uid_t)id;
		}
	}
	return st.st_uid == euid;
}

/* ~/, ~user/ and %(prefix)/ at the start of a path, as git expands them. */
static char *expand_path(const char *value)
{
	const char *rest, *home;
	char user[256], *dir, *path;
	size_t n;

	if (!strncmp(value, "%(prefix)/", 10))
		return cbp_strf("/usr/%s", value + 10);
	if (value[0] != '~')
		return cbp_strdup(value);
	rest = value + 1 + strcspn(value + 1, "/");
	n = rest - value - 1;
	if (!n) {
		home = getenv("HOME");
		if (!home)
			return NULL;
		return cbp_strf("%s%s", home, rest);
	}
	if (n >= sizeof(user))
		return NULL;
	memcpy(user, value + 1, n);
	user[n] = '\0';
	dir = cbp_user_home(user);
	if (!dir)
		return NULL;
	path = cbp_strf("%s%s", dir, rest);
	free(dir);
	return path;
}

/* One key and value of the protected config (key canonical); 0 or -1. */
static int on_config(struct safe_dir *sd, const char *key, const char *value,
		     const char *file)
{
	char *path, *slash;
	int err;

	if (!strcmp(key, "safe.directory")) {
		if (!value || !*value) {
			sd->is_safe = 0;
		} else if (!strcmp(value, "*")) {
			sd->is_safe = 1;
		} else {
			path = expand_path(value);
			if (!path)
				return cbp_error("failed to expand user dir in: '%s'",
						 value);
			if (!strcmp(path, sd->path))
				sd->is_safe = 1;
			free(path);
		}
		return 0;
	}
	/* includeIf conditions need a repository: none holds here. */
	if (strcmp(key, "include.path"))
		return 0;
	if (!value)
		return cbp_error("missing value for '%s'", key);
	path = expand_path(value);
	if (!path)
		return cbp_error("failed to expand user dir in: '%s'", value);
	if (path[0] != '/') {
		char *rel = path;

		if (!file) {
			free(rel);
			return cbp_error("relative config includes must come from files");
		}
		slash = strrchr(file, '/');
		path = cbp_strf("%.*s%s", slash ? (int)(slash - file + 1) : 0,
				file, rel);
		free(rel);
	}
	err = 0;
	if (access(path, R_OK) && errno != ENOENT && errno != ENOTDIR)
		err = cbp_error("unable to access '%s': %s", path,
				strerror(errno));
	else if (!access(path, R_OK)) {
		if (++sd->depth > MAX_INCLUDE_DEPTH)
			err = cbp_error("exceeded maximum include depth (%d) while including %s",
					MAX_INCLUDE_DEPTH, path);
		else
			err = read_file(sd, path);
		sd->depth--;
	}
	free(path);
	return err;
}

/* ---------------------------------------------------------------------- */
/* Config files, as git's parser reads them. */

struct cfg_file {
	const char *s, *end;	/* the text */
	const char *name;	/* for messages */
	int line;
	int eof;
};

/* The next character, CRLF read as LF, the end as a last LF. */
static int next_char(struct cfg_file *f)
{
	int c;

	if (f->s >= f->end) {
		f->eof = 1;
		return '\n';
	}
	c = (unsigned char)*f->s++;
	if (c == '\r' && f->s < f->end && *f->s == '\n')
		c = (unsigned char)*f->s++;
	if (c == '\n')
		f->line++;
	return c;
}

static int is_key_char(int c)
{
	return isalnum(c) || c == '-';
}

/* A value after '=', up to the end of its line; NULL on a syntax error. */
static char *parse_value(struct cfg_file *f)
{
	size_t len = 0, alloc = 0, space = 0;
	int quote = 0, comment = 0;
	char *v = NULL;

	for (;;) {
		int c = next_char(f);

		if (c == '\n') {
			if (quote) {
				free(v);
				return NULL;
			}
			break;
		}
		if (comment)
			continue;
		if (isspace(c) && !quote) {
			if (len)
				space++;
			continue;
		}
		if (!quote && (c == ';' || c == '#')) {
			comment = 1;
			continue;
		}
		v = cbp_grow(v, 1, len + space + 2, &alloc);
		for (; space; space--)
			v[len++] = ' ';
		if (c == '\\') {
			c = next_char(f);
			if (c == '\n')
				continue;
			if (c == 't') {
				c = '\t';
			} else if (c == 'b') {
				c = '\b';
			} else if (c == 'n') {
				c = '\n';
			} else if (c != '\\' && c != '"') {
				free(v);
				return NULL;
			}
		} else if (c == '"') {
			quote = !quote;
			continue;
		}
		v[len++] = (char)c;
	}
	v = cbp_grow(v, 1, len + 1, &alloc);
	v[len] = '\0';
	return v;
}

/*
 * A section header after '[': "section", "section.sub" (lower-cased) or
 * "section \"sub\"" (the subsection as written), into @sect.
 */
static int parse_section(struct cfg_file *f, char *sect, size_t size)
{
	size_t len = 0;
	int c;

	for (;;) {
		c = next_char(f);
		if (f->eof)
			return -1;
		if (c == ']')
			break;
		if (isspace(c)) {
			do {
				if (c == '\n')
					return -1;
				c = next_char(f);
			} while (isspace(c));
			if (c != '"' || len + 1 >= size)
				return -1;
			sect[len++] = '.';
			for (;;) {
				c = next_char(f);
				if (c == '\n')
					return -1;
				if (c == '"')
					break;
				if (c == '\\') {
					c = next_char(f);
					if (c == '\n')
						return -1;
				}
				if (len + 1 >= size)
					return -1;
				sect[len++] = (char)c;
			}
			if (next_char(f) != ']')
				return -1;
			break;
		}
		if (!is_key_char(c) && c != '.')
			return -1;
		if (len + 1 >= size)
			return -1;
		sect[len++] = (char)tolower(c);
	}
	sect[len] = '\0';
	return 0;
}

static int parse_config(struct safe_dir *sd, struct cfg_file *f)
{
	char sect[1024] = "", key[2048];
	int c, bom = 0, in_section = 0;

	if (f->end - f->s >= 3 && !memcmp(f->s, "\xef\xbb\xbf", 3))
		bom = 3;
	f->s += bom;
	for (;;) {
		size_t len;
		char *value;

		c = next_char(f);
		if (f->eof)
			return 0;
		if (c == '\n' || isspace(c))
			continue;
		if (c == '#' || c == ';') {
			while (next_char(f) != '\n')
				;
			continue;
		}
		if (c == '[') {
			if (parse_section(f, sect, sizeof(sect)) || !sect[0])
				break;
			in_section = 1;
			continue;
		}
		if (!isalpha(c))
			break;
		/* Before any section, a name is a key of its own, as in git. */
		len = in_section ? (size_t)snprintf(key, sizeof(key), "%s.", sect) : 0;
		do {
			if (len + 1 >= sizeof(key))
				return cbp_error("bad config line %d in file %s",
						 f->line + 1, f->name);
			key[len++] = (char)tolower(c);
			c = next_char(f);
		} while (is_key_char(c));
		key[len] = '\0';
		while (c == ' ' || c == '\t')
			c = next_char(f);
		if (c == '\n') {
			if (on_config(sd, key, NULL, f->name))
				return -1;
			continue;
		}
		if (c != '=')
			break;
		value = parse_value(f);
		if (!value)
			break;
		c = on_config(sd, key, value, f->name);
		free(value);
		if (c)
			return -1;
	}
	return cbp_error("bad config line %d in file %s", f->line + (c != '\n'),
			 f->name);
}

/* Read config file @path; a file that is not there is no config. */
static int read_file(struct safe_dir *sd, const char *path)
{
	struct cfg_file f = { .name = path, .line = 0 };
	char *buf = NULL;
	size_t len = 0, alloc = 0;
	FILE *fp = fopen(path, "r");
	int err;

	if (!fp)
		return errno == ENOENT || errno == ENOTDIR ? 0 :
		       cbp_error("unable to access '%s': %s", path,
				 strerror(errno));
	for (;;) {
		size_t n;

		buf = cbp_grow(buf, 1, len + 4096, &alloc);
		n = fread(buf + len, 1, alloc - len, fp);
		len += n;
		if (!n)
			break;
	}
	err = ferror(fp);
	fclose(fp);
	if (err) {
		free(buf);
		return cbp_error("cannot read %s", path);
	}
	f.s = buf;
	f.end = buf + len;
	err = parse_config(sd, &f);
	free(buf);
	return err;
}

/* ---------------------------------------------------------------------- */
/* The command line's config, from the environment. */

/*
 * A key as given on the command line, made canonical as git does:
 * section and name lower-cased, a subsection kept; 0 or -1.
 */
static int canonical_key(const char *key, char *out, size_t size)
{
	const char *first = strchr(key, '.'), *last = strrchr(key, '.');
	size_t i, len = strlen(key);

	if (!first || !last[1] || len >= size || first == key)
		return cbp_error("key does not contain a section: %s", key);
	for (i = 0; i < len; i++) {
		const char *p = key + i;
		int c = (unsigned char)*p;

		if (p > first && p < last) {
			if (c == '\n')
				return cbp_error("invalid key (newline): %s", key);
			out[i] = (char)c;
			continue;
		}
		if (c == '.') {
			out[i] = '.';
			continue;
		}
		if (!is_key_char(c) || (p == last + 1 && !isalpha(c)))
			return cbp_error("invalid key: %s", key);
		out[i] = (char)tolower(c);
	}
	out[len] = '\0';
	return 0;
}

static int on_param(struct safe_dir *sd, const char *key, const char *value)
{
	char canon[2048];

	if (!*key)
		return cbp_error("empty config key");
	if (canonical_key(key, canon, sizeof(canon)))
		return -1;
	return on_config(sd, canon, value, NULL);
}

/* "key=value" (or "key", a value-less key) of the old format. */
static int on_old_param(struct safe_dir *sd, char *text)
{
	char *eq = strchr(text, '='), *key = text, *end;

	if (eq)
		*eq = '\0';
	while (isspace((unsigned char)*key))
		key++;
	end = key + strlen(key);
	while (end > key && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (!*key)
		return cbp_error("bogus config parameter: %s", text);
	return on_param(sd, key, eq ? eq + 1 : NULL);
}

/*
 * One single-quoted word at @s, as sq_quote() writes them ('\'' for a
 * quote, '\!' for a "!"), unquoted in place; *@next is where it stops,
 * NULL at the end of the string.  NULL if @s is not such a word.
 */
static char *sq_word(char *s, char **next)
{
	char *dst = s, *src = s;

	if (*src != '\'')
		return NULL;
	for (;;) {
		char c = *++src;

		if (!c)
			return NULL;
		if (c != '\'') {
			*dst++ = c;
			continue;
		}
		c = *++src;
		if (c == '\\' && (src[1] == '\'' || src[1] == '!') &&
		    src[2] == '\'') {
			*dst++ = src[1];
			src += 2;
			continue;
		}
		*dst = '\0';
		*next = c ? src : NULL;
		return s;
	}
}

/* GIT_CONFIG_PARAMETERS: 'key'='value' or 'key=value' words. */
static int read_parameters(struct safe_dir *sd, const char *env)
{
	char *buf = cbp_strdup(env), *cur = buf;
	int err = 0;

	while (!err && cur && *cur) {
		char *key = sq_word(cur, &cur), *value = NULL;

		if (!key) {
			err = cbp_error("bogus format in GIT_CONFIG_PARAMETERS");
			break;
		}
		if (!cur || isspace((unsigned char)*cur)) {
			err = on_old_param(sd, key);
		} else if (*cur == '=') {
			cur++;
			if (*cur == '\'') {
				value = sq_word(cur, &cur);
				if (!value || (cur && !isspace((unsigned char)*cur))) {
					err = cbp_error("bogus format in GIT_CONFIG_PARAMETERS");
					break;
				}
			} else if (*cur && !isspace((unsigned char)*cur)) {
				err = cbp_error("bogus format in GIT_CONFIG_PARAMETERS");
				break;
			}
			err = on_param(sd, key, value);
		} else {
			err = cbp_error("bogus format in GIT_CONFIG_PARAMETERS");
		}
		while (cur && isspace((unsigned char)*cur))
			cur++;
	}
	free(buf);
	return err;
}

/* GIT_CONFIG_COUNT and its GIT_CONFIG_KEY_n, GIT_CONFIG_VALUE_n. */
static int read_count(struct safe_dir *sd, const char *env)
{
	unsigned long count, i;
	char *end, name[64];

	count = strtoul(env, &end, 10);
	if (*end)
		return cbp_error("bogus count in GIT_CONFIG_COUNT");
	if (count > INT_MAX)
		return cbp_error("too many entries in GIT_CONFIG_COUNT");
	for (i = 0; i < count; i++) {
		const char *key, *value;

		snprintf(name, sizeof(name), "GIT_CONFIG_KEY_%lu", i);
		key = getenv(name);
		if (!key)
			return cbp_error("missing config key %s", name);
		snprintf(name, sizeof(name), "GIT_CONFIG_VALUE_%lu", i);
		value = getenv(name);
		if (!value)
			return cbp_error("missing config value %s", name);
		if (on_param(sd, key, value))
			return -1;
	}
	return 0;
}

/* The protected config, in git's order; 0 or -1 with the error recorded. */
static int read_protected_config(struct safe_dir *sd)
{
	const char *home = getenv("HOME"), *xdg = getenv("XDG_CONFIG_HOME");
	const char *global = getenv("GIT_CONFIG_GLOBAL");
	const char *env;
	char *path;
	int err = 0;

	if (!env_bool("GIT_CONFIG_NOSYSTEM", 0)) {
		env = getenv("GIT_CONFIG_SYSTEM");
		err = read_file(sd, env ? env : "/etc/gitconfig");
	}
	if (!err && global) {
		err = read_file(sd, global);
	} else if (!err) {
		path = xdg && *xdg ? cbp_strf("%s/git/config", xdg) :
		       home ? cbp_strf("%s/.config/git/config", home) : NULL;
		if (path)
			err = read_file(sd, path);
		free(path);
		if (!err && home) {
			path = cbp_strf("%s/.gitconfig", home);
			err = read_file(sd, path);
			free(path);
		}
	}
	env = getenv("GIT_CONFIG_COUNT");
	if (!err && env)
		err = read_count(sd, env);
	env = getenv("GIT_CONFIG_PARAMETERS");
	if (!err && env)
		err = read_parameters(sd, env);
	return err;
}

/* "(owned by uid N, this is uid M); to trust it: git config ..." */
static const char *owner_str(uid_t owner, char *buf, size_t size)
{
	snprintf(buf, size, "(owned by uid %ld, this is uid %ld); %s",
		 owner == (uid_t)-1 ? -1L : (long)owner, (long)geteuid(),
		 "to trust it: git config --global --add safe.directory ");
	return buf;
}

/**
 * cbp_repo_is_safe() - git's ownership rule for a discovered repository
 * @gitfile: the .git file that led to @gitdir, or NULL
 * @worktree: the top of the working tree, or NULL for a bare repository
 * @gitdir: the git directory
 *
 * The paths are as git finds them: physical (no symbolic links), without
 * a trailing slash.  A repository named by $GIT_DIR is not checked, as
 * git does not check it; the caller knows when that is.
 *
 * Return: 1 if the repository may be used; 0 if not, with the reason
 * recorded (git's "detected dubious ownership", or the config that could
 * not be read).
 */
int cbp_repo_is_safe(const char *gitfile, const char *worktree,
		     const char *gitdir)
{
	struct safe_dir sd = { .path = worktree ? worktree : gitdir };
	const char *paths[3] = { gitfile, worktree, gitdir };
	uid_t owner = (uid_t)-1;
	char own[160];
	int i, all = !env_bool("GIT_TEST_ASSUME_DIFFERENT_OWNER", 0);

	for (i = 0; i < 3 && all; i++)
		if (paths[i] && !owned_by_user(paths[i], &owner))
			all = 0;
	if (all)
		return 1;
	if (read_protected_config(&sd))
		return 0;
	if (!sd.is_safe)
		cbp_error("detected dubious ownership in repository at '%s' %s%s",
			  sd.path, owner_str(owner, own, sizeof(own)),
			  sd.path);
	return sd.is_safe;
}
