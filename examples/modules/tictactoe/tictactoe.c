// Tic-tac-toe and the other m,n,k-games as a sente game module
// (docs/modules.md, interface version 1), built without a C library.
//
// Cells are numbered row by row from the top left, cell r*n+c. The key is
// X | O<<32, the cells of each player, as the built-in game's key, so that
// the two can be compared key by key; hence at most 32 cells. Tiers count
// down as play goes on, as the interface wants: a position's tier is 32 less
// its stones (32 for every board size, since the description names the
// start's tier before the size is known); the tier engine numbers each
// tier's positions itself.

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;
typedef unsigned char u8;

#define EXPORT(name) __attribute__((export_name(name)))

static int M, N, K, MISERE, CELLS;
static u32 FULL;
static u32 LINES[4 * 32]; // every line of K cells, as a mask
static int NLINES;

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

static const char DESCRIPTION[] =
	"{\"name\":\"tictactoe\","
	"\"summary\":\"tic-tac-toe and other m,n,k-games (a C module): k in a row on an m×n board\","
	"\"params\":["
	"{\"name\":\"m\",\"doc\":\"rows of the board (m×n at most 32 cells)\",\"kind\":\"int\",\"default\":\"3\",\"min\":1,\"max\":32},"
	"{\"name\":\"n\",\"doc\":\"columns of the board (m×n at most 32 cells)\",\"kind\":\"int\",\"default\":\"3\",\"min\":1,\"max\":26},"
	"{\"name\":\"k\",\"doc\":\"stones in a row (across, down or diagonal) that win\",\"kind\":\"int\",\"default\":\"3\",\"min\":1,\"max\":32},"
	"{\"name\":\"misere\",\"doc\":\"misère play: whoever makes k in a row loses\",\"kind\":\"bool\",\"default\":\"false\"}"
	"],"
	"\"impartial\":false,\"misere\":false,\"alternates\":true,\"loop_tiers\":[],\"max_score\":0,\"start_tier\":32}";

EXPORT("sente_describe") int sente_describe(void) {
	int n = (int)sizeof DESCRIPTION - 1;
	if (BUF_CAP < (u32)n && !sente_buffer(n)) return 0;
	put(0, DESCRIPTION);
	return n;
}

static int refuse(const char *why) { return -put(0, why); }

EXPORT("sente_new") int sente_new(int len) {
	int m = 3, n = 3, k = 3, misere = 0;
	for (int i = 0; i < len;) {
		u8 name = BUF[i];
		int name_len = 0;
		while (i < len && BUF[i] != '=') i++, name_len++;
		i++;
		int vstart = i, value = 0;
		while (i < len && BUF[i] != ',') {
			if (BUF[i] >= '0' && BUF[i] <= '9') value = value * 10 + (BUF[i] - '0');
			i++;
		}
		i++;
		if (name_len == 1 && name == 'm') m = value;
		else if (name_len == 1 && name == 'n') n = value;
		else if (name_len == 1 && name == 'k') k = value;
		else if (name_len == 6 && name == 'm') misere = BUF[vstart] == 't';
		else return refuse("tictactoe: unknown parameter; want m, n, k and misere");
	}
	if (m < 1 || n < 1 || n > 26 || m * n > 32) return refuse("tictactoe: the board needs 1 to 32 cells and at most 26 columns");
	if (k < 1 || (k > m && k > n)) return refuse("tictactoe: k must be 1 or more and fit the board");
	M = m, N = n, K = k, MISERE = misere, CELLS = m * n;
	FULL = CELLS == 32 ? ~0u : (1u << CELLS) - 1;
	NLINES = 0;
	static const int DR[4] = {0, 1, 1, 1}, DC[4] = {1, 0, 1, -1};
	for (int r = 0; r < m; r++)
		for (int c = 0; c < n; c++)
			for (int d = 0; d < 4; d++) {
				int er = r + (k - 1) * DR[d], ec = c + (k - 1) * DC[d];
				if (er >= m || ec < 0 || ec >= n) continue;
				if (k == 1 && d > 0) continue; // one cell is one line
				u32 line = 0;
				for (int i = 0; i < k; i++) line |= 1u << ((r + i * DR[d]) * n + c + i * DC[d]);
				LINES[NLINES++] = line;
			}
	return 0;
}

EXPORT("sente_start") i64 sente_start(void) { return 0; }

static inline int has_line(u32 b) {
	for (int i = 0; i < NLINES; i++)
		if ((b & LINES[i]) == LINES[i]) return 1;
	return 0;
}

static int valid(u64 key) {
	u32 x = (u32)key, o = (u32)(key >> 32);
	int nx = __builtin_popcount(x), no = __builtin_popcount(o);
	return !(x & o) && !((x | o) & ~FULL) && (no == nx || no == nx - 1);
}

EXPORT("sente_turn") int sente_turn(i64 key) {
	return __builtin_popcount((u32)key) != __builtin_popcount((u32)((u64)key >> 32));
}

// Only the player who just moved can have a line: play stops at the first.
static inline int ended(u64 key) {
	u32 x = (u32)key, o = (u32)(key >> 32);
	u32 last = __builtin_popcount(x) > __builtin_popcount(o) ? x : o;
	if (has_line(last)) return MISERE ? 1 : 2;
	if ((x | o) == FULL) return 3;
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

EXPORT("sente_children") int sente_children(int keys, int n, int counts, int out, int cap) {
	const u64 *k = (const u64 *)keys;
	u32 *cn = (u32 *)counts;
	u64 *o = (u64 *)out;
	int written = 0;
	for (int i = 0; i < n; i++) {
		u64 key = k[i];
		if (!valid(key)) return -2;
		u32 x = (u32)key, ox = (u32)(key >> 32);
		u32 empty = FULL & ~(x | ox);
		u32 shift = __builtin_popcount(x) != __builtin_popcount(ox) ? 32 : 0;
		int c = __builtin_popcount(empty);
		if (written + c > cap) return -1;
		cn[i] = (u32)c;
		for (; empty; empty &= empty - 1) o[written++] = key | ((u64)(empty & -empty) << shift);
	}
	return written;
}

// A move is named by its cell like a chess square: the column's letter (a on
// the left) and the row's number (1 at the bottom).
EXPORT("sente_moves") int sente_moves(i64 key) {
	u64 k = (u64)key;
	if (!valid(k)) return -1;
	if (BUF_CAP < 12 * 32 && !sente_buffer(12 * 32)) return -1;
	u32 x = (u32)k, ox = (u32)(k >> 32);
	u32 shift = __builtin_popcount(x) != __builtin_popcount(ox) ? 32 : 0;
	int at = 0;
	for (u32 empty = FULL & ~(x | ox); empty; empty &= empty - 1) {
		int cell = __builtin_ctz(empty);
		u64 child = k | ((u64)(empty & -empty) << shift);
		for (int b = 0; b < 8; b++) BUF[at++] = (u8)(child >> (8 * b));
		int row = M - cell / N;
		BUF[at++] = row >= 10 ? 3 : 2;
		BUF[at++] = (u8)('a' + cell % N);
		if (row >= 10) BUF[at++] = (u8)('0' + row / 10);
		BUF[at++] = (u8)('0' + row % 10);
	}
	return at;
}

// The board as rows from top to bottom separated by /: the built-in form.
EXPORT("sente_format") int sente_format(i64 key) {
	if (BUF_CAP < 80 && !sente_buffer(80)) return 0;
	u32 x = (u32)key, o = (u32)((u64)key >> 32);
	int at = 0;
	for (int r = 0; r < M; r++) {
		if (r) BUF[at++] = '/';
		for (int c = 0; c < N; c++) {
			u32 bit = 1u << (r * N + c);
			BUF[at++] = x & bit ? 'x' : o & bit ? 'o' : '.';
		}
	}
	return at;
}

static int parse_error(const char *why) {
	int at = put(0, "tictactoe position: ");
	at = put(at, why);
	at = put(at, "; want the rows from top to bottom separated by /, each cell x, o or . (e.g. x../.o./...)");
	return -at;
}

EXPORT("sente_parse") int sente_parse(int len) {
	int i = 0;
	while (i < len && (BUF[i] == ' ' || BUF[i] == '\n')) i++;
	while (len > i && (BUF[len - 1] == ' ' || BUF[len - 1] == '\n')) len--;
	u32 x = 0, o = 0;
	int r = 0, c = 0;
	for (; i < len; i++) {
		u8 ch = BUF[i];
		if (ch == '/') {
			if (c != N) return parse_error("a row of the wrong length");
			if (++r >= M) return parse_error("too many rows");
			c = 0;
			continue;
		}
		if (c >= N) return parse_error("a row of the wrong length");
		u32 bit = 1u << (r * N + c);
		if (ch == 'x' || ch == 'X') x |= bit;
		else if (ch == 'o' || ch == 'O') o |= bit;
		else if (ch != '.') return parse_error("a cell that is not x, o or .");
		c++;
	}
	if (r != M - 1 || c != N) return parse_error("the wrong number of rows or cells");
	int nx = __builtin_popcount(x), no = __builtin_popcount(o);
	if (no != nx && no != nx - 1) return parse_error("x moves first, so o has as many stones as x or one fewer");
	if (has_line(nx > no ? o : x)) return parse_error("a line for the player who did not move last");
	u64 key = (u64)x | (u64)o << 32;
	for (int b = 0; b < 8; b++) BUF[b] = (u8)(key >> (8 * b));
	return 0;
}

EXPORT("sente_tier") int sente_tier(i64 key) { return 32 - __builtin_popcountll((u64)key); }
