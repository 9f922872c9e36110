// Package store keeps solved tables on disk: one file per finished tier of a
// game, so that a solve killed at any moment resumes from the tiers already
// written, and commands answer from a stored table without solving again.
//
// A game's tables live in one directory per canonical spec text under the
// store's root (Default: $XDG_CACHE_HOME/sente, else ~/.cache/sente); the
// directory's name is the spec made safe for a file name plus a short hash
// of the spec, and a small manifest in it names the spec and the format.
//
// A tier file holds Values (one Cell, two bytes little-endian, per rank),
// Reachable (one bit per rank, rank r in bit r%8 of byte r/8), or, for a
// game whose ranks the tier engine discovered (a rules file), Keys (the
// tier's positions as sorted fixed-width keys, a rank each, then how each
// ends: see Keys) and, once for the game, Tiers (the plan of its tiers).
// Its layout:
//
//	offset 0       header: magic "SENTETBL", format version, kind, tier,
//	               ranks, block size, payload length, counts, ranking,
//	               spec text, then the CRC-32C of all of it
//	4096           the payload, page-aligned so that it can be
//	               memory-mapped and read in place as []Cell
//	after payload  one CRC-32C (Castagnoli) per block of BlockSize bytes of
//	               payload, little-endian uint32
//
// A solve stores a tier's values compact once it has solved the tier
// (GameStore.WriteCompact, format version CompactVersion; GameStore.Compact
// rewrites a raw file so, for tables written raw): the payload is the
// tier's cells in frames of FrameRanks ranks, each frame its cells' low
// bytes then their high bytes compressed by zstd on its own, followed by
// the offsets of the frames; the blocks' checksums cover it as any
// payload. A cell is read by checking the blocks of its frame and
// decompressing the frame (Table.ReadCell; a table keeps the last few);
// a tier whole by decompressing every frame (Table.LoadCells). Unreachable
// ranks cost almost nothing there, so a compact tier's reachable bitset is
// removed: the values say which ranks are reachable. Raw values, those of
// earlier builds and of sente-dist, read as before.
//
// A Grundy file holds the Grundy values of a tier of an impartial game
// under normal play, as its values file holds values: two bytes a rank,
// each the value plus one, 0 where no position is, compact as values are
// (package solve/tiers values them beside the values, from the same moves, so
// that an answer reads them rather than exploring the game again).
//
// A game that ends in a score (sente.Scorer) has two more files a tier
// beside its values, made by the same solve: its margins (Margins, each
// the margin for the player to move zigzagged plus one: MarginCell) and
// the plies along the moves that keep them (MarginPlies, the plies plus
// one), two bytes a rank and compact as values are. A build that knows
// no margins refuses them by their kind, which the header names.
//
// The ranking of a table of values or reachable ranks is a fingerprint of
// the ranks of the game's positions that index it (set by the tier engine,
// GameStore.SetRanking), so that a later build of sente that ranks the
// game otherwise, with tiers of the same sizes, does not read the table as
// its own; 0 in tables of earlier builds, whose four bytes were reserved.
//
// For a game whose ranks stand for classes of symmetric positions, a
// Positions file (tier 0) holds what the classes stand for, tier by tier.
// A Frontier file is the saved work of a pass over the tiers under way
// (the tier engine's forward pass, tier 0, and its count of positions, tier
// 1), removed once the pass is over; a Loops file the saved work of a
// loopy tier's retrograde analysis, removed once the tier is stored.
//
// The counts are the tier's positions by value. How long the solve took is
// kept beside the tables, in seconds.json (files of earlier builds have it
// in the header, and are read as before): a tier file's bytes depend on the
// game alone, so that tables made by any engine, on one machine or by
// sente-dist's pipelines, can be compared byte for byte. TierWriter and
// TierReader write and read the same files through any io.Writer and
// io.Reader, for stores that are not a local directory.
//
// The file's size is exactly what the header implies, so a truncated file
// is refused when opened. Files are written atomically: a temporary file in
// the same directory is written, synced, renamed to its final name, and the
// directory synced, so a kill at any moment leaves the old state or the
// whole new file. Temporaries left by a killed process are removed the next
// time the game's directory is opened (Store.Game); a writer holds a lock
// on its temporary until it is renamed, so that a temporary being written
// by another process (two solves of one game, one waiting for the other)
// is never taken for one left behind. Store.Remove takes the game's lock
// (GameStore.Lock), refusing while a solve holds it, and moves the
// directory out of the store's way before it removes it.
//
// Open maps a file read-only and checks its header; Has also checks every
// block's checksum (what a resumed solve asks before skipping a tier);
// Table.Verify checks every block and names the first bad one.
package store
