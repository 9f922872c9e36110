// Domineering as a sente game module (docs/modules.md, interface version
// 1), built without a C library: the game of examples/domineering.star and
// the built-in domineering, with the same start, moves and values.
//
// Two players take turns to place a domino on two empty neighbouring cells
// of a board w cells wide and h high: Vertical (the first player, the
// built-in game's Left) upright, Horizontal (the second, Right) flat. Who
// cannot place one loses.
//
// The cell in column c (from the left) and row r (from the bottom) is bit
// r*w+c. The key is the bit board of the covered cells, as the rules file's
// position is (less its count of dominoes, which the bits give: half their
// number); who moves follows from it, Vertical when an even number of
// dominoes is down. The full 8×8 board, whose key would be the reserved
// 2^64-1, takes the key of 63 cells covered, which play never covers.
//
// The tier is the rules file's, dominoes down, counted the other way as the
// interface wants: 32 less the dominoes (32, the start's, for every board);
// sente_tiers gives many at once.
// The tier engine discovers each tier's positions itself (no ranks here:
// few of a tier's bit boards are positions). sente_canonical folds the
// board's mirror images that keep upright upright: left for right, top
// for bottom, and both (a half turn), so that the tier engine, asked for
// one position a class (--symmetry), finds about a quarter as many.

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;
typedef unsigned char u8;

#define EXPORT(name) __attribute__((export_name(name)))

static int W, H, CELLS;
static u64 FULL;      // every cell of the board
static u64 VERTICAL;  // the cells with a cell above them: a vertical domino's lower cell
static u64 HORIZONTAL;// the cells with a cell to their right: a flat domino's left cell

static u8 REVERSED[256]; // REVERSED[row] is the w cells of a row in the other order

#define FULL_KEY (~(u64)1) // the key of the full 8×8 board

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
	"{\"name\":\"domineering\","
	"\"summary\":\"Domineering (a C module): place dominoes, Vertical upright and Horizontal flat; who cannot place one loses\","
	"\"params\":["
	"{\"name\":\"w\",\"doc\":\"width of the board: the cells of a row, where Horizontal places\",\"kind\":\"int\",\"default\":\"5\",\"min\":1,\"max\":8},"
	"{\"name\":\"h\",\"doc\":\"height of the board: the cells of a column, where Vertical places\",\"kind\":\"int\",\"default\":\"5\",\"min\":1,\"max\":8}"
	"],"
	"\"rules\":\"Two players take turns to place a domino on two empty neighbouring cells of a board w cells wide and h high. "
	"Vertical (the first player) places hers upright, Horizontal (the second) his flat. The player who cannot place a domino loses.\","
	"\"position\":\"the rows from top to bottom separated by /, each cell # (covered) or . (empty): the start of a 3 by 2 board is .../...\","
	"\"impartial\":false,\"misere\":false,\"alternates\":true,\"loop_tiers\":[],\"max_score\":0,\"start_tier\":32}";

EXPORT("sente_describe") int sente_describe(void) {
	int n = (int)sizeof DESCRIPTION - 1;
	if (BUF_CAP < (u32)n && !sente_buffer(n)) return 0;
	put(0, DESCRIPTION);
	return n;
}

static int refuse(const char *why) { return -put(0, why); }

EXPORT("sente_new") int sente_new(int len) {
	int w = 5, h = 5;
	for (int i = 0; i < len;) {
		u8 name = BUF[i];
		int name_len = 0;
		while (i < len && BUF[i] != '=') i++, name_len++;
		i++;
		int value = 0;
		while (i < len && BUF[i] != ',') {
			if (BUF[i] >= '0' && BUF[i] <= '9') value = value * 10 + (BUF[i] - '0');
			i++;
		}
		i++;
		if (name_len == 1 && name == 'w') w = value;
		else if (name_len == 1 && name == 'h') h = value;
		else return refuse("domineering: unknown parameter; want w and h");
	}
	if (w < 1 || w > 8 || h < 1 || h > 8) return refuse("domineering: w and h are from 1 to 8");
	W = w, H = h, CELLS = w * h;
	FULL = CELLS == 64 ? ~(u64)0 : ((u64)1 << CELLS) - 1;
	for (int row = 0; row < (1 << w); row++) {
		int rev = 0;
		for (int c = 0; c < w; c++)
			if (row >> c & 1) rev |= 1 << (w - 1 - c);
		REVERSED[row] = (u8)rev;
	}
	VERTICAL = HORIZONTAL = 0;
	for (int r = 0; r < h; r++)
		for (int c = 0; c < w; c++) {
			u64 bit = (u64)1 << (r * w + c);
			if (r + 1 < h) VERTICAL |= bit;
			if (c + 1 < w) HORIZONTAL |= bit;
		}
	return 0;
}

EXPORT("sente_start") i64 sente_start(void) { return 0; }

static inline u64 covered(u64 key) { return key == FULL_KEY && CELLS == 64 ? ~(u64)0 : key; }
static inline u64 key_of(u64 cells) { return cells == ~(u64)0 ? FULL_KEY : cells; }

// A key is a position when it covers cells of the board only, an even
// number of them.
static inline int valid(u64 key) {
	u64 b = covered(key);
	return !(b & ~FULL) && !(__builtin_popcountll(b) & 1);
}

static inline int vertical_to_move(u64 b) { return !((__builtin_popcountll(b) >> 1) & 1); }

EXPORT("sente_turn") int sente_turn(i64 key) { return !vertical_to_move(covered((u64)key)); }

// No position ends: a player without a move has lost.
EXPORT("sente_ended") int sente_ended(int keys, int n, int out) {
	const u64 *k = (const u64 *)keys;
	u8 *o = (u8 *)out;
	for (int i = 0; i < n; i++) {
		if (!valid(k[i])) return -1;
		o[i] = 0;
	}
	return 0;
}

// places is the cells where the mover's dominoes may go, each by its lower
// or left cell, and *step the distance to the other cell: the rules file's
// order of moves is these cells' in increasing order.
static inline u64 places(u64 b, int *step) {
	if (vertical_to_move(b)) {
		*step = W;
		return VERTICAL & ~b & ~(b >> W);
	}
	*step = 1;
	return HORIZONTAL & ~b & ~(b >> 1);
}

EXPORT("sente_children") int sente_children(int keys, int n, int counts, int out, int cap) {
	const u64 *k = (const u64 *)keys;
	u32 *cn = (u32 *)counts;
	u64 *o = (u64 *)out;
	int written = 0;
	for (int i = 0; i < n; i++) {
		if (!valid(k[i])) return -2;
		u64 b = covered(k[i]);
		int step;
		u64 free = places(b, &step);
		int c = __builtin_popcountll(free);
		if (written + c > cap) return -1;
		cn[i] = (u32)c;
		for (; free; free &= free - 1) {
			u64 cell = free & -free;
			o[written++] = key_of(b | cell | cell << step);
		}
	}
	return written;
}

static int put_cell(int at, int cell) {
	BUF[at++] = (u8)('a' + cell % W);
	BUF[at++] = (u8)('1' + cell / W);
	return at;
}

// A move names the two cells its domino covers, lower or left first:
// "a1-a2" upright, "a1-b1" flat.
EXPORT("sente_moves") int sente_moves(i64 key) {
	if (!valid((u64)key)) return -1;
	if (BUF_CAP < 14 * 64 && !sente_buffer(14 * 64)) return -1;
	u64 b = covered((u64)key);
	int step, at = 0;
	for (u64 free = places(b, &step); free; free &= free - 1) {
		u64 cell = free & -free;
		u64 child = key_of(b | cell | cell << step);
		for (int i = 0; i < 8; i++) BUF[at++] = (u8)(child >> (8 * i));
		BUF[at++] = 5;
		int lo = __builtin_ctzll(cell);
		at = put_cell(at, lo);
		BUF[at++] = '-';
		at = put_cell(at, lo + step);
	}
	return at;
}

// The board as rows from top to bottom separated by /, # covered and .
// empty: the rules file's form.
EXPORT("sente_format") int sente_format(i64 key) {
	if (BUF_CAP < 80 && !sente_buffer(80)) return 0;
	u64 b = covered((u64)key);
	int at = 0;
	for (int r = H - 1; r >= 0; r--) {
		if (r < H - 1) BUF[at++] = '/';
		for (int c = 0; c < W; c++) BUF[at++] = b >> (r * W + c) & 1 ? '#' : '.';
	}
	return at;
}

static int parse_error(const char *why) {
	int at = put(0, "domineering position: ");
	at = put(at, why);
	at = put(at, "; want the rows from top to bottom separated by /, each cell # (covered) or . (empty), e.g. ##./...");
	return -at;
}

EXPORT("sente_parse") int sente_parse(int len) {
	int i = 0;
	while (i < len && (BUF[i] == ' ' || BUF[i] == '\n')) i++;
	while (len > i && (BUF[len - 1] == ' ' || BUF[len - 1] == '\n')) len--;
	u64 b = 0;
	int r = H - 1, c = 0;
	for (; i < len; i++) {
		u8 ch = BUF[i];
		if (ch == '/') {
			if (c != W) return parse_error("a row of the wrong length");
			if (--r < 0) return parse_error("too many rows");
			c = 0;
			continue;
		}
		if (c >= W) return parse_error("a row of the wrong length");
		if (ch == '#') b |= (u64)1 << (r * W + c);
		else if (ch != '.') return parse_error("a cell that is not # or .");
		c++;
	}
	if (r != 0 || c != W) return parse_error("the wrong number of rows or cells");
	if (__builtin_popcountll(b) & 1) return parse_error("an odd number of covered cells, where dominoes cover two each");
	u64 key = key_of(b);
	for (int k = 0; k < 8; k++) BUF[k] = (u8)(key >> (8 * k));
	return 0;
}

// The least of the keys of b's images that keep upright upright. The
// full 8×8 board's key stands for itself.
static inline u64 canonical(u64 key) {
	if (key == FULL_KEY && CELLS == 64) return key;
	u64 mask = ((u64)1 << W) - 1;
	u64 lr = 0, tb = 0, half = 0;
	for (int r = 0; r < H; r++) {
		u64 row = (key >> (r * W)) & mask, rev = REVERSED[row];
		lr |= rev << (r * W);
		tb |= row << ((H - 1 - r) * W);
		half |= rev << ((H - 1 - r) * W);
	}
	u64 least = key;
	if (lr < least) least = lr;
	if (tb < least) least = tb;
	if (half < least) least = half;
	return least;
}

EXPORT("sente_canonical") int sente_canonical(int keys, int n, int out) {
	const u64 *k = (const u64 *)keys;
	u64 *o = (u64 *)out;
	for (int i = 0; i < n; i++) {
		if (!valid(k[i])) return -1;
		o[i] = canonical(k[i]);
	}
	return 0;
}

static inline int tier(u64 key) { return 32 - (__builtin_popcountll(covered(key)) >> 1); }

EXPORT("sente_tier") int sente_tier(i64 key) { return tier((u64)key); }

// The tiers of many keys in one call, for the tier engine's forward pass,
// which asks for every child's.
EXPORT("sente_tiers") int sente_tiers(int keys, int n, int out) {
	const u64 *k = (const u64 *)keys;
	int *o = (int *)out;
	for (int i = 0; i < n; i++) {
		if (!valid(k[i])) return -1;
		o[i] = tier(k[i]);
	}
	return 0;
}
