// take.c: a subtraction game as a game module (docs/modules.md, version 1),
// the host's own test module. A heap of n tokens; a move takes 1 to k of
// them; who cannot move loses. A key is the heap times two plus the player
// to move. Built by build.sh, also with -D flags that make it hostile in
// one way each (the host's tests of containment).

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;

#define MAXN 1000

// clang calls these for copies and zeroing it makes itself.
void *memcpy(void *dst, const void *src, unsigned long n) {
	unsigned char *d = dst;
	const unsigned char *s = src;
	while (n--) *d++ = *s++;
	return dst;
}

void *memset(void *dst, int c, unsigned long n) {
	unsigned char *d = dst;
	while (n--) *d++ = c;
	return dst;
}

static unsigned char buf[1 << 16];
static int k = 3, n0 = 20;

#define EXPORT(name) __attribute__((export_name(name)))

#ifdef IMPORT
__attribute__((import_module("env"), import_name("steal"))) int steal(int);
#endif

static void spin(int here) {
	volatile int x = here;
	while (x) {
	}
}

#ifdef LOOP
#define LOOP_CHILDREN 1
#else
#define LOOP_CHILDREN 0
#endif
#ifdef LOOPDESCRIBE
#define LOOP_DESCRIBE 1
#else
#define LOOP_DESCRIBE 0
#endif

static void trap(void) {
#ifdef TRAP
	__builtin_trap();
#endif
}

static void grow(void) {
#ifdef GROW
	for (;;) {
		if ((int)__builtin_wasm_memory_grow(0, 16) == -1) {
			__builtin_trap();
		}
	}
#endif
}

static int len(const char *s) {
	int n = 0;
	while (s[n]) n++;
	return n;
}

static int put(int at, const char *s) {
	int n = len(s);
	for (int i = 0; i < n; i++) buf[at + i] = s[i];
	return at + n;
}

static int putint(int at, int v) {
	char d[12];
	int n = 0;
	if (v < 0) {
		buf[at++] = '-';
		v = -v;
	}
	do {
		d[n++] = '0' + v % 10;
		v /= 10;
	} while (v);
	while (n) buf[at++] = d[--n];
	return at;
}

// mem is the byte at an address of the module's memory. (Not through a
// null pointer, which C lets the compiler assume is never read.)
static unsigned char *mem(u32 at) { return (unsigned char *)(unsigned long)at; }

static u64 load64(u32 at) {
	u64 v;
	__builtin_memcpy(&v, mem(at), 8); // one unaligned load: WebAssembly is little-endian
	return v;
}

static void store64(u32 at, u64 v) { __builtin_memcpy(mem(at), &v, 8); }

static void store32(u32 at, u32 v) { __builtin_memcpy(mem(at), &v, 4); }

static int valid(u64 key) { return (key >> 1) <= MAXN; }

EXPORT("sente_version") int sente_version(void) {
	trap();
#ifdef VERSION2
	return 2;
#endif
	return 1;
}

EXPORT("sente_buffer") int sente_buffer(int bytes) {
	trap();
	if (bytes > (int)sizeof buf) return 0;
	return (int)(unsigned long)buf;
}

static const char description[] =
#ifdef BADJSON
	"{\"name\": \"take\", \"params\": [";
#else
	"{\"name\": \"take\", \"summary\": \"Take 1 to k tokens from a heap of n; who cannot move loses\","
	" \"params\": ["
	"{\"name\": \"n\", \"doc\": \"tokens in the heap\", \"kind\": \"int\", \"default\": \"20\", \"min\": 0, \"max\": 1000},"
	"{\"name\": \"k\", \"doc\": \"the most tokens a move takes\", \"kind\": \"int\", \"default\": \"3\", \"min\": 1, \"max\": 10}"
	"], \"impartial\": true, \"misere\": false, \"alternates\": true, \"loop_tiers\": [],"
#ifdef SCORE
	" \"max_score\": 1000,"
#else
	" \"max_score\": 0,"
#endif
	" \"start_tier\": 1000}";
#endif

EXPORT("sente_describe") int sente_describe(void) {
	trap();
	spin(LOOP_DESCRIBE);
	return put(0, description);
}

// sente_new reads "n=20,k=3" (the host gives every parameter, in the
// description's order).
EXPORT("sente_new") int sente_new(int n) {
	trap();
	int vals[2] = {0, 0}, which = -1;
	for (int i = 0; i < n; i++) {
		char c = buf[i];
		if (c == 'n') which = 0;
		else if (c == 'k') which = 1;
		else if (c >= '0' && c <= '9') vals[which] = vals[which] * 10 + (c - '0');
	}
	n0 = vals[0];
	k = vals[1];
	if (k > 10) {
		return -put(0, "k is at most 10");
	}
	grow();
	return 0;
}

EXPORT("sente_start") i64 sente_start(void) {
	trap();
	return (u64)n0 << 1;
}

EXPORT("sente_turn") int sente_turn(i64 key) {
	trap();
	return key & 1;
}

EXPORT("sente_ended") int sente_ended(int keys, int n, int out) {
	trap();
	for (int i = 0; i < n; i++) {
		u64 key = load64(keys + 8 * i);
		if (!valid(key)) return -1;
		*mem(out + i) = 0; // a heap of 0 has no moves: lost by normal play
	}
	return 0;
}

EXPORT("sente_children") int sente_children(int keys, int n, int counts, int out, int cap) {
	trap();
	spin(LOOP_CHILDREN);
	int w = 0;
	for (int i = 0; i < n; i++) {
		u64 key = load64(keys + 8 * i);
		if (!valid(key)) return -2;
		int h = key >> 1, c = 0;
		for (int t = 1; t <= k && t <= h; t++) {
			if (w >= cap) return -1;
			u64 child = ((u64)(h - t) << 1) | ((key & 1) ^ 1);
#ifdef BADKEY
			child = ~0ULL;
#endif
#ifdef TIERUP
			child = ((u64)(h + 1) << 1) | ((key & 1) ^ 1);
#endif
			store64(out + 8 * w, child);
			w++;
			c++;
		}
#ifdef BADCOUNT
		c = 1 << 30;
#endif
		store32(counts + 4 * i, c);
	}
	return w;
}

EXPORT("sente_moves") int sente_moves(i64 key) {
	trap();
	if (!valid(key)) return -1;
	int h = key >> 1, at = 0;
	for (int t = 1; t <= k && t <= h; t++) {
		store64((u32)(unsigned long)buf + at, ((u64)(h - t) << 1) | ((key & 1) ^ 1));
		at += 8;
		int name = at++;
		int end = putint(at, t);
		buf[name] = end - at;
		at = end;
	}
	return at;
}

EXPORT("sente_format") int sente_format(i64 key) {
	trap();
	int at = putint(0, key >> 1);
	buf[at++] = '/';
	return putint(at, key & 1);
}

EXPORT("sente_parse") int sente_parse(int n) {
	trap();
	int h = 0, t = 0, i = 0;
	if (n == 0) return -put(0, "want heap/turn, as 20/0");
	for (; i < n && buf[i] >= '0' && buf[i] <= '9'; i++) h = h * 10 + buf[i] - '0';
	if (i == 0 || i >= n - 1 || buf[i] != '/' || (buf[i + 1] != '0' && buf[i + 1] != '1') || i + 2 != n || h > MAXN) {
		return -put(0, "want heap/turn, as 20/0");
	}
	t = buf[i + 1] - '0';
	store64((u32)(unsigned long)buf, ((u64)h << 1) | t);
	return 0;
}

#ifndef NOOPTIONAL
EXPORT("sente_canonical") int sente_canonical(int keys, int n, int out) {
	trap();
	for (int i = 0; i < n; i++) store64(out + 8 * i, load64(keys + 8 * i));
	return 0;
}

EXPORT("sente_parents") int sente_parents(i64 key, int cap) {
	trap();
	int h = key >> 1, w = 0;
	for (int t = 1; t <= k && h + t <= MAXN; t++) {
		if (w >= cap) return -1;
		store64((u32)(unsigned long)buf + 8 * w, ((u64)(h + t) << 1) | ((key & 1) ^ 1));
		w++;
	}
	return w;
}

// The tier is the heap: every move lowers it. Its ranks are the turn.
EXPORT("sente_tier") int sente_tier(i64 key) {
	trap();
	return key >> 1;
}

EXPORT("sente_rank") i64 sente_rank(i64 key) {
	trap();
	return key & 1;
}

EXPORT("sente_unrank") i64 sente_unrank(int tier, i64 rank) {
	trap();
	if (tier < 0 || tier > MAXN || rank > 1) return -1;
	return ((u64)tier << 1) | rank;
}

EXPORT("sente_tier_size") i64 sente_tier_size(int tier) {
	trap();
	return 2;
}

// The tier engine's batch: each rank's key, and its children's tiers and
// ranks (the tier above the rank's 48 bits). A heap of 0 has no children.
EXPORT("sente_expand_ranks") int sente_expand_ranks(int tier, int ranks, int n, int out, int cap) {
	trap();
	int w = 0;
	for (int i = 0; i < n; i++) {
		u64 rank = load64(ranks + 8 * i);
		if (tier < 0 || tier > MAXN || rank > 1) return -2;
		store64(out + 8 * i, ((u64)tier << 1) | rank);
		int c = 0;
		for (int t = 1; t <= k && t <= tier; t++) {
			if (w >= cap) return -1;
			u64 child = ((u64)(tier - t) << 48) | (rank ^ 1);
#ifdef BADEXPAND
			child = ((u64)(tier - t) << 48) | 2; // past the tier's two ranks
#endif
#ifdef TIERUP
			child = ((u64)(tier + 1) << 48) | (rank ^ 1);
#endif
			store64(out + 16 * n + 8 * w, child);
			w++;
			c++;
		}
		store32(out + 8 * n + 4 * i, c);
	}
	return w;
}

EXPORT("sente_child_tiers") int sente_child_tiers(int tier) {
	trap();
	int w = 0;
	for (int t = 1; t <= k && t <= tier; t++) {
		store32((u32)(unsigned long)buf + 4 * w, tier - t);
		w++;
	}
	return w;
}
#endif

#ifdef SCORE
// The score of an ended position: the loser is behind by the heap it
// started from, a score that tells the host's margins apart.
EXPORT("sente_score") int sente_score(i64 key) {
	trap();
	return -n0 - 1;
}
#endif

#ifdef IMPORT
EXPORT("sente_steal") int sente_steal(int x) { return steal(x); }
#endif

#ifdef LOOPSTART
// A start function that never returns: the host runs _initialize as it
// makes an instance.
EXPORT("_initialize") void initialize(void) { spin(1); }
#endif
