// Connect four as a sente game module (docs/modules.md, interface version 1).
//
// Built without a C library: clang --target=wasm32, see build.sh. The module
// imports nothing; it keeps its state in globals, since the host gives every
// worker an instance of its own.
//
// A board is a bitboard in column-major order: h+1 bits a column, bit
// c*(h+1)+r for column c and row r (row 0 at the bottom). The bit above a
// column's stones is its sentinel: a column holds, from the bottom up, a 1
// for each of the first player's stones and a 0 for each of the second's,
// then the sentinel. An empty column is just its bottom bit. The key is the
// whole bitboard, which is the built-in game's key for the same board, so
// that the two can be compared key by key.
//
// Tiers count down as play goes on, as the interface wants: a board's tier
// is START_TIER less its stones, START_TIER the most stones a board of any
// size allowed can hold (w=8, h=7), since the description, which names the
// start's tier, is the same for every size. A board's rank within its
// tier has two digits: the column heights, numbered in lexicographic order
// (column 0 most significant) among the height vectors that sum to the tier,
// and which ⌈t/2⌉ of the t stones, read column by column from the bottom,
// are the first player's, numbered in the combinatorial number system.

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;
typedef unsigned char u8;

#define EXPORT(name) __attribute__((export_name(name)))
#define START_TIER 56

// The board.
static int W, H, K, MISERE;
static u32 H1;         // bits a column
static int CELLS;      // W*H
static u64 BOTTOM;     // row 0 of every column
static u64 TOP;        // the sentinel bit of a full column, row H
static u64 FIELD;      // the H1 bits of column 0
static u64 KEEP[4];    // smear masks: rows a bit may take from s rows up
static u32 DIR[4];     // up, across, and the two diagonals
static u32 STEP[4][6]; // shifts that double a run of stones towards K
static int STEPS;

// Ranks.
static u64 BINOM[65][65];
static u64 VEC[10][64];        // VEC[c][s]: height vectors of c columns summing to s
static u64 BELOW[9][64][10];   // BELOW[c][rest][v]: vectors of columns c.. with rest stones and column c below v
static u64 TIER_SIZE[64];

// The scratch area: the memory past the module's data, grown on demand.
extern u8 __heap_base;
static u8 *BUF;
static u32 BUF_CAP;

EXPORT("sente_version") int sente_version(void) { return 1; }

EXPORT("sente_buffer") int sente_buffer(int bytes) {
	if (bytes < 0) return 0;
	u32 base = ((u32)&__heap_base + 15) & ~15u;
	u64 end = (u64)base + (u32)bytes;
	u64 pages = (end + 65535) / 65536;
	u64 have = __builtin_wasm_memory_size(0);
	if (pages > have && __builtin_wasm_memory_grow(0, pages - have) < 0) return 0;
	BUF = (u8 *)base;
	BUF_CAP = (u32)bytes;
	return (int)base;
}

static int put(int at, const char *s) {
	while (*s) BUF[at++] = (u8)*s++;
	return at;
}

static int put_int(int at, int n) {
	char d[12];
	int i = 0;
	if (n < 0) { BUF[at++] = '-'; n = -n; }
	do { d[i++] = (char)('0' + n % 10); n /= 10; } while (n);
	while (i) BUF[at++] = (u8)d[--i];
	return at;
}

static const char DESCRIPTION[] =
	"{\"name\":\"connect4\","
	"\"summary\":\"connect four (a C module): drop stones into columns to get k in a row\","
	"\"params\":["
	"{\"name\":\"w\",\"doc\":\"columns of the board\",\"kind\":\"int\",\"default\":\"7\",\"min\":1,\"max\":9},"
	"{\"name\":\"h\",\"doc\":\"rows of the board (w×(h+1) at most 64)\",\"kind\":\"int\",\"default\":\"6\",\"min\":1,\"max\":9},"
	"{\"name\":\"k\",\"doc\":\"stones in a row (across, up or diagonal) that win\",\"kind\":\"int\",\"default\":\"4\",\"min\":2,\"max\":9},"
	"{\"name\":\"misere\",\"doc\":\"misère play: whoever makes k in a row loses\",\"kind\":\"bool\",\"default\":\"false\"}"
	"],"
	"\"impartial\":false,\"misere\":false,\"alternates\":true,\"loop_tiers\":[],\"max_score\":0,\"start_tier\":56}";

EXPORT("sente_describe") int sente_describe(void) {
	int n = (int)sizeof DESCRIPTION - 1;
	if (BUF_CAP < (u32)n && !sente_buffer(n)) return 0;
	put(0, DESCRIPTION);
	return n;
}

// refuse writes a one-line reason into the scratch area and returns -length.
static int refuse(const char *why, const char *name, int value) {
	int at = put(0, why);
	if (name) {
		at = put(at, " (");
		at = put(at, name);
		at = put(at, "=");
		at = put_int(at, value);
		at = put(at, ")");
	}
	return -at;
}

static int is_digit(u8 c) { return c >= '0' && c <= '9'; }

// params reads "w=5,h=4,k=4,misere=false" into the globals.
static int params(int len) {
	int w = 7, h = 6, k = 4, misere = 0;
	for (int i = 0; i < len;) {
		int start = i;
		while (i < len && BUF[i] != '=') i++;
		int name_len = i - start;
		u8 first = BUF[start];
		i++; // '='
		int vstart = i, value = 0;
		while (i < len && BUF[i] != ',') {
			if (is_digit(BUF[i])) value = value * 10 + (BUF[i] - '0');
			i++;
		}
		if (name_len == 1 && first == 'w') w = value;
		else if (name_len == 1 && first == 'h') h = value;
		else if (name_len == 1 && first == 'k') k = value;
		else if (name_len == 6 && first == 'm') misere = BUF[vstart] == 't';
		else return refuse("connect4: unknown parameter; want w, h, k and misere", 0, 0);
		i++; // ','
	}
	if (w < 1 || w > 9) return refuse("connect4: columns are 1 to 9", "w", w);
	if (h < 1 || h > 9) return refuse("connect4: rows are 1 to 9", "h", h);
	if (w * (h + 1) > 64) return refuse("connect4: a board needs w×(h+1) bits and at most 64 fit a key", "h", h);
	if (k < 2 || (k > w && k > h)) return refuse("connect4: k must be 2 or more and fit the board", "k", k);
	W = w, H = h, K = k, MISERE = misere;
	return 0;
}

EXPORT("sente_new") int sente_new(int len) {
	int r = params(len);
	if (r < 0) return r;
	H1 = (u32)H + 1;
	CELLS = W * H;
	FIELD = ((u64)1 << H1) - 1;
	BOTTOM = TOP = 0;
	for (int c = 0; c < W; c++) {
		BOTTOM |= (u64)1 << (c * H1);
		TOP |= (u64)1 << (c * H1 + H);
	}
	// A bit may take the bit s rows up only from its own column: rows 0 to
	// H-s of a column have one.
	for (int i = 0; i < 4; i++) {
		int s = 1 << i;
		KEEP[i] = 0;
		if (s <= H)
			for (int c = 0; c < W; c++) KEEP[i] |= (((u64)1 << (H1 - s)) - 1) << (c * H1);
	}
	DIR[0] = 1, DIR[1] = H1, DIR[2] = H1 - 1, DIR[3] = H1 + 1;
	STEPS = 0;
	for (int run = 1; run < K;) {
		int s = run < K - run ? run : K - run;
		for (int d = 0; d < 4; d++) STEP[d][STEPS] = (u32)s * DIR[d];
		STEPS++;
		run += s;
	}

	for (int n = 0; n <= 64; n++) {
		BINOM[n][0] = 1;
		for (int j = 1; j <= n; j++) BINOM[n][j] = BINOM[n - 1][j - 1] + (j < n ? BINOM[n - 1][j] : 0);
	}
	for (int s = 0; s < 64; s++) VEC[0][s] = s == 0;
	for (int c = 1; c <= W; c++)
		for (int s = 0; s < 64; s++) {
			u64 n = 0;
			for (int v = 0; v <= H && v <= s; v++) n += VEC[c - 1][s - v];
			VEC[c][s] = n;
		}
	// The columns after c are W-1-c; BELOW counts the vectors whose column c
	// is lower than v and whose columns after it take the rest.
	for (int c = 0; c < W; c++)
		for (int rest = 0; rest <= CELLS; rest++) {
			u64 n = 0;
			for (int v = 0; v <= H; v++) {
				BELOW[c][rest][v] = n;
				if (v <= rest) n += VEC[W - 1 - c][rest - v];
			}
		}
	for (int t = 0; t <= CELLS; t++) TIER_SIZE[t] = VEC[W][t] * BINOM[t][(t + 1) / 2];
	return 0;
}

EXPORT("sente_start") i64 sente_start(void) { return (i64)BOTTOM; }

// smear gives every bit the OR of the bits at and above it in its column.
static inline u64 smear(u64 key) {
	u64 m = key;
	m |= (m >> 1) & KEEP[0];
	m |= (m >> 2) & KEEP[1];
	m |= (m >> 4) & KEEP[2];
	m |= (m >> 8) & KEEP[3];
	return m;
}

// occupied: the cells below each column's sentinel.
static inline u64 occupied(u64 key) { return (smear(key) >> 1) & ~TOP; }

// valid: every column has a sentinel, nothing lies past the board, and the
// first player has ⌈t/2⌉ of the t stones.
static int valid(u64 key) {
	if (W * H1 < 64 && key >> (W * H1)) return 0;
	u64 s = smear(key);
	if ((s & BOTTOM) != BOTTOM) return 0;
	u64 mask = (s >> 1) & ~TOP;
	int t = __builtin_popcountll(mask);
	return __builtin_popcountll(key & mask) == (t + 1) / 2;
}

static inline int has_line(u64 b) {
	for (int d = 0; d < 4; d++) {
		u64 run = b;
		for (int i = 0; i < STEPS; i++) run &= run >> STEP[d][i];
		if (run) return 1;
	}
	return 0;
}

EXPORT("sente_turn") int sente_turn(i64 key) { return __builtin_popcountll(occupied((u64)key)) & 1; }

// ended: only the player who just moved can have a line, since play stops
// at the first one.
static inline int ended(u64 key) {
	u64 mask = occupied(key);
	int t = __builtin_popcountll(mask);
	u64 last = t & 1 ? key & mask : mask & ~key;
	if ((t + 1) / 2 >= K && has_line(last)) return MISERE ? 1 : 2;
	if (t == CELLS) return 3;
	return 0;
}

EXPORT("sente_ended") int sente_ended(int keys, int n, int out) {
	const u64 *k = (const u64 *)keys;
	u8 *o = (u8 *)out;
	for (int i = 0; i < n; i++) {
		if (!valid(k[i])) return -1;
		o[i] = (u8)ended(k[i]);
	}
	return 0;
}

// A stone on a column's sentinel S moves the sentinel up to 2S and leaves S
// set for the first player (key + 2S) or clear for the second (key + S).
EXPORT("sente_children") int sente_children(int keys, int n, int counts, int out, int cap) {
	const u64 *k = (const u64 *)keys;
	u32 *cn = (u32 *)counts;
	u64 *o = (u64 *)out;
	int written = 0;
	for (int i = 0; i < n; i++) {
		u64 key = k[i];
		if (!valid(key)) return -2;
		u64 mask = occupied(key);
		u64 open = key & ~mask & ~TOP;
		u32 shift = (__builtin_popcountll(mask) & 1) ^ 1;
		int c = __builtin_popcountll(open);
		if (written + c > cap) return -1;
		cn[i] = (u32)c;
		for (; open; open &= open - 1) o[written++] = key + ((open & -open) << shift);
	}
	return written;
}

EXPORT("sente_moves") int sente_moves(i64 key) {
	u64 k = (u64)key;
	if (!valid(k)) return -1;
	if (BUF_CAP < 10 * 9 && !sente_buffer(10 * 9)) return -1;
	u64 mask = occupied(k);
	u32 shift = (__builtin_popcountll(mask) & 1) ^ 1;
	int at = 0;
	for (int c = 0; c < W; c++) {
		u64 s = k & ~mask & ~TOP & (FIELD << (c * H1));
		if (!s) continue;
		u64 child = k + (s << shift);
		for (int b = 0; b < 8; b++) BUF[at++] = (u8)(child >> (8 * b));
		BUF[at++] = 1;
		BUF[at++] = (u8)('1' + c);
	}
	return at;
}

// The board as rows from top to bottom separated by /, x for the first
// player's stones and o for the second's: the built-in game's form.
EXPORT("sente_format") int sente_format(i64 key) {
	u64 k = (u64)key;
	if (BUF_CAP < 100 && !sente_buffer(100)) return 0;
	u64 mask = occupied(k);
	int at = 0;
	for (int r = H - 1; r >= 0; r--) {
		if (r < H - 1) BUF[at++] = '/';
		for (int c = 0; c < W; c++) {
			u64 bit = (u64)1 << (c * H1 + r);
			BUF[at++] = !(mask & bit) ? '.' : (k & bit) ? 'x' : 'o';
		}
	}
	return at;
}

static int parse_error(const char *why) {
	int at = put(0, "connect4 position: ");
	at = put(at, why);
	at = put(at, "; want the rows from top to bottom separated by /, each cell x, o or ., or the columns played as digits from 1");
	return -at;
}

EXPORT("sente_parse") int sente_parse(int len) {
	int i = 0;
	while (i < len && (BUF[i] == ' ' || BUF[i] == '\n')) i++;
	while (len > i && (BUF[len - 1] == ' ' || BUF[len - 1] == '\n')) len--;
	int digits = 1;
	for (int j = i; j < len; j++) digits &= BUF[j] >= '1' && BUF[j] <= '9';
	u64 key = BOTTOM;
	if (digits) {
		for (int j = i; j < len; j++) {
			if (ended(key)) return parse_error("the game is over before the last move");
			int c = BUF[j] - '1';
			if (c >= W) return parse_error("a column past the board");
			u64 mask = occupied(key);
			u64 s = key & ~mask & ~TOP & (FIELD << (c * H1));
			if (!s) return parse_error("a move into a full column");
			key += s << ((__builtin_popcountll(mask) & 1) ^ 1);
		}
	} else {
		u64 x = 0, o = 0;
		int r = H - 1, c = 0;
		for (int j = i; j < len; j++) {
			u8 ch = BUF[j];
			if (ch == '/') {
				if (c != W) return parse_error("a row of the wrong length");
				r--, c = 0;
				if (r < 0) return parse_error("too many rows");
				continue;
			}
			if (c >= W) return parse_error("a row of the wrong length");
			u64 bit = (u64)1 << (c * H1 + r);
			if (ch == 'x' || ch == 'X') x |= bit;
			else if (ch == 'o' || ch == 'O') o |= bit;
			else if (ch != '.') return parse_error("a cell that is not x, o or .");
			c++;
		}
		if (r != 0 || c != W) return parse_error("the wrong number of rows or cells");
		u64 mask = x | o;
		for (int col = 0; col < W; col++) {
			u64 f = mask & (FIELD << (col * H1));
			if (f & (f + ((u64)1 << (col * H1)))) return parse_error("a stone above an empty cell");
		}
		int nx = __builtin_popcountll(x), no = __builtin_popcountll(o);
		if (no != nx && no != nx - 1) return parse_error("x moves first, so o has as many stones as x or one fewer");
		if (has_line(nx > no ? o : x)) return parse_error("a line for the player who did not move last");
		key = x + mask + BOTTOM;
	}
	for (int b = 0; b < 8; b++) BUF[b] = (u8)(key >> (8 * b));
	return 0;
}

// Mirror images have the same value: the representative is the lesser key.
static inline u64 mirror(u64 key) {
	u64 m = 0;
	for (int c = 0; c < W; c++) m |= ((key >> (c * H1)) & FIELD) << ((W - 1 - c) * H1);
	return m;
}

EXPORT("sente_canonical") int sente_canonical(int keys, int n, int out) {
	const u64 *k = (const u64 *)keys;
	u64 *o = (u64 *)out;
	for (int i = 0; i < n; i++) {
		u64 m = mirror(k[i]);
		o[i] = m < k[i] ? m : k[i];
	}
	return 0;
}

EXPORT("sente_tier") int sente_tier(i64 key) { return START_TIER - __builtin_popcountll(occupied((u64)key)); }

EXPORT("sente_tier_size") i64 sente_tier_size(int tier) {
	int stones = START_TIER - tier;
	return stones < 0 || stones > CELLS ? 0 : (i64)TIER_SIZE[stones];
}

EXPORT("sente_child_tiers") int sente_child_tiers(int tier) {
	int stones = START_TIER - tier;
	if (stones < 0 || stones >= CELLS) return 0;
	if (BUF_CAP < 4 && !sente_buffer(4)) return 0;
	*(u32 *)BUF = (u32)tier - 1;
	return 1;
}

EXPORT("sente_rank") i64 sente_rank(i64 key) {
	u64 k = (u64)key;
	u64 heights = 0, first = 0;
	int rest = __builtin_popcountll(occupied(k)), t = rest, at = 0;
	for (int c = 0; c < W; c++) {
		u64 col = (k >> (c * H1)) & FIELD;
		int hc = 63 - __builtin_clzll(col); // the sentinel's row
		heights += BELOW[c][rest][hc];
		rest -= hc;
		first |= (col ^ ((u64)1 << hc)) << at;
		at += hc;
	}
	// The first player's stones as a combination: the j-th lowest one at
	// place p adds C(p, j).
	u64 stones = 0;
	for (int j = 1; first; j++, first &= first - 1) stones += BINOM[__builtin_ctzll(first)][j];
	return (i64)(heights * BINOM[t][(t + 1) / 2] + stones);
}

EXPORT("sente_unrank") i64 sente_unrank(int module_tier, i64 rank) {
	u64 r = (u64)rank;
	int tier = START_TIER - module_tier; // the stones
	if (tier < 0 || tier > CELLS || r >= TIER_SIZE[tier]) return -1;
	int m = (tier + 1) / 2;
	u64 choices = BINOM[tier][m];
	u64 hr = r / choices, sr = r % choices;
	u64 first = 0;
	int p = tier - 1;
	for (int j = m; j >= 1; j--) {
		while (BINOM[p][j] > sr) p--;
		first |= (u64)1 << p;
		sr -= BINOM[p][j];
		p--;
	}
	u64 key = 0;
	int rest = tier;
	for (int c = 0; c < W; c++) {
		int v = H;
		while (BELOW[c][rest][v] > hr) v--;
		hr -= BELOW[c][rest][v];
		rest -= v;
		u64 col = (first & (((u64)1 << v) - 1)) | ((u64)1 << v);
		first >>= v;
		key |= col << (c * H1);
	}
	return (i64)key;
}

// A walk through a batch of ranks, which the engine gives in increasing
// order: most ranks share their heights with the last one, and many are a
// few combinations past it, so the walk keeps the columns' layout and the
// first player's stones of the last rank and steps from them. What the
// heights give the children's ranks is kept with them too.
struct walk {
	u64 heights;   // the heights' digit of the last rank, or ~0
	u64 stones;    // its stones' digit
	u64 first;     // the first player's stones, as bits in stone order
	int h[9];      // the heights of its columns
	int top[9];    // the stones up to each column's top, in stone order
	u64 child[9];  // the heights' part of the rank of the child that plays in each column, or ~0 for a full column
};

// next_combination is the least bit set with as many bits above x
// (Gosper's): the combination after x in the order the digit counts.
static inline u64 next_combination(u64 x) {
	u64 low = x & -x, up = x + low;
	return up | (((x ^ up) >> 2) / low);
}

// load_heights fills the walk's columns for the heights' digit hr of a
// board of t stones, and what they give the children's ranks: a stone in
// column c adds one to c's height, which changes the heights' digit only
// in the terms of the columns up to c (each of which counts vectors with
// one stone more to place).
static void load_heights(struct walk *wk, int t, u64 hr) {
	int rest[9];
	int left = t;
	for (int c = 0; c < W; c++) {
		int v = H;
		while (BELOW[c][left][v] > hr) v--;
		hr -= BELOW[c][left][v];
		rest[c] = left;
		left -= v;
		wk->h[c] = v;
		wk->top[c] = t - left;
	}
	if (t == CELLS) return;
	u64 choices = BINOM[t + 1][(t + 2) / 2];
	u64 pre = 0, suf = 0;
	for (int c = W - 1; c >= 0; c--) suf += BELOW[c][rest[c]][wk->h[c]];
	for (int c = 0; c < W; c++) {
		suf -= BELOW[c][rest[c]][wk->h[c]];
		wk->child[c] = wk->h[c] == H ? ~(u64)0 : (pre + BELOW[c][rest[c] + 1][wk->h[c] + 1] + suf) * choices;
		pre += BELOW[c][rest[c] + 1][wk->h[c]];
	}
}

// walk_to returns the key of the board of t stones with the heights' digit
// hr and the stones' digit sr.
static u64 walk_to(struct walk *wk, int t, u64 hr, u64 sr) {
	if (hr != wk->heights) {
		load_heights(wk, t, hr);
		wk->heights = hr;
		wk->stones = ~(u64)0;
	}
	if (wk->stones == ~(u64)0 || sr < wk->stones || sr - wk->stones > 8) {
		int m = (t + 1) / 2, p = t - 1;
		u64 first = 0, rest_r = sr;
		for (int j = m; j >= 1; j--) {
			while (BINOM[p][j] > rest_r) p--;
			first |= (u64)1 << p;
			rest_r -= BINOM[p][j];
			p--;
		}
		wk->first = first;
	} else {
		for (u64 s = wk->stones; s < sr; s++) wk->first = next_combination(wk->first);
	}
	wk->stones = sr;
	u64 key = 0, first = wk->first;
	for (int c = 0; c < W; c++) {
		int v = wk->h[c];
		key |= ((first & (((u64)1 << v) - 1)) | ((u64)1 << v)) << (c * H1);
		first >>= v;
	}
	return key;
}

// child_ranks writes the ranks of the children of the walk's board, of t
// stones and not ended, each with tierbits above it, and returns how many.
// The new stone lands at place top[c] in stone order, above every stone of
// the columns up to c and below every stone of the columns after, which
// move up one place (and one index up among the first player's stones,
// when the new stone is the first player's): so a child's stones' digit is
// the sum over the stones up to c as they are, the new stone's term, and
// the sum over the stones after c moved.
static int child_ranks(const struct walk *wk, int t, u64 tierbits, u64 *out) {
	u64 low[9], moved[9];
	int count[9];
	int first_moves = (t & 1) == 0;
	u64 f = wk->first, sum = 0, shifted = 0;
	int j = 0, c = 0;
	for (; f; f &= f - 1) {
		int p = __builtin_ctzll(f);
		while (p >= wk->top[c]) {
			low[c] = sum;
			moved[c] = shifted;
			count[c] = j;
			c++;
		}
		j++;
		sum += BINOM[p][j];
		shifted += BINOM[p + 1][j + first_moves];
	}
	for (; c < W; c++) {
		low[c] = sum;
		moved[c] = shifted;
		count[c] = j;
	}
	int w = 0;
	for (c = 0; c < W; c++) {
		if (wk->child[c] == ~(u64)0) continue;
		u64 stones = low[c] + (shifted - moved[c]) + (first_moves ? BINOM[wk->top[c]][count[c] + 1] : 0);
		out[w++] = tierbits | (wk->child[c] + stones);
	}
	return w;
}

// The tier engine's batch: for each of n ranks of a tier, its key, what it
// ended with or how many children it has, and each child's tier and rank,
// in one call where the single exports would take a dozen a board.
EXPORT("sente_expand_ranks") int sente_expand_ranks(int module_tier, int ranks, int n, int out, int cap) {
	const u64 *r = (const u64 *)ranks;
	u64 *keys = (u64 *)out;
	int *counts = (int *)(out + 8 * n);
	u64 *kids = (u64 *)(out + 16 * n);
	int t = START_TIER - module_tier;
	if (t < 0 || t > CELLS) return -2;
	u64 below = (u64)(module_tier - 1) << 48; // a stone more: the tier below
	u64 choices = BINOM[t][(t + 1) / 2];
	int written = 0;
	struct walk wk;
	wk.heights = ~(u64)0;
	for (int i = 0; i < n; i++) {
		if (r[i] >= TIER_SIZE[t]) return -2;
		u64 k = walk_to(&wk, t, r[i] / choices, r[i] % choices);
		keys[i] = k;
		int e = ended(k);
		if (e) {
			counts[i] = -e;
			continue;
		}
		if (written + W > cap) return -1;
		int c = child_ranks(&wk, t, below, kids + written);
		counts[i] = c;
		written += c;
	}
	return written;
}
