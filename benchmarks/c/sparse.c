/* The sparse-space kernel of grundy.kernels.takebreak.sparse_fill, written in plain C for
 * benchmarks/takebreak.py to time beside it: the same method, step for step (mask chosen by a
 * Walsh-Hadamard count at each doubling, rare positions listed with their values side by side,
 * every split with a listed heap marked, rare candidates for the mex confirmed by marking the
 * splits from the small heaps up a doubling window at a time, the last one looked for alone).
 *
 *   sparse N REMOVE_ALL REMOVE_ONE SPLIT_TWO TWO_UNEQUAL FOLD_ALLOWED FOLD_TARGET [VALUES_FILE]
 *
 * Lists are comma-separated (empty: ""). Fills G(0..N-1) and prints one JSON line: seconds,
 * mask, listed; with VALUES_FILE the values are written there as little-endian uint16.
 * Build: gcc -O3 -march=native -o sparse sparse.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIZE (1 << 16)
#define FIRST_WINDOW 64

static int parse_list(const char *text, long *items, int most) {
    int count = 0;
    while (*text && count < most) {
        char *end;
        items[count++] = strtol(text, &end, 10);
        text = *end ? end + 1 : end;
    }
    return count;
}

static void walsh_hadamard(int64_t *a, long size) {
    for (long h = 1; h < size; h *= 2)
        for (long i = 0; i < size; i += 2 * h)
            for (long j = i; j < i + h; j++) {
                int64_t x = a[j], y = a[j + h];
                a[j] = x + y;
                a[j + h] = x - y;
            }
}

/* The (mask, fold, target) making the fewest of positions 1..upto-1 rare. */
static void choose_mask(const uint16_t *out, long upto, int fold_allowed, int fold_target,
                        int *mask, int *fold, int *target) {
    long top = 1;
    for (long x = 1; x < upto; x++)
        while (out[x] >= top) top *= 2;
    int64_t *counts[2] = {calloc(top, 8), calloc(top, 8)};
    for (long x = 1; x < upto; x++) counts[x & 1][out[x]]++;
    int64_t totals[2] = {0, 0};
    for (long v = 0; v < top; v++) {
        totals[0] += counts[0][v];
        totals[1] += counts[1][v];
    }
    walsh_hadamard(counts[0], top);
    walsh_hadamard(counts[1], top);
    int64_t best = totals[0] + totals[1] + 1;
    *mask = 0, *fold = 0, *target = 1;
    for (int f = 0; f < (fold_allowed ? 2 : 1); f++) {
        int t = f ? fold_target : 1;
        for (long m = 0; m < top; m++) {
            int64_t rare = 0;
            for (int p = 0; p < 2; p++) {
                int64_t even = (totals[p] + counts[p][m]) / 2;
                rare += (t ^ (f & p)) == 1 ? even : totals[p] - even;
            }
            if (rare < best) best = rare, *mask = (int)m, *fold = f, *target = t;
        }
    }
    free(counts[0]);
    free(counts[1]);
}

typedef struct {
    uint32_t *at;     /* listed positions, ascending */
    uint16_t *value;  /* their values */
    long count, capacity;
} Listing;

static void list_position(Listing *l, long x, uint16_t v) {
    if (l->count == l->capacity) {
        l->capacity *= 2;
        l->at = realloc(l->at, l->capacity * sizeof *l->at);
        l->value = realloc(l->value, l->capacity * sizeof *l->value);
    }
    l->at[l->count] = (uint32_t)x;
    l->value[l->count++] = v;
}

int main(int argc, char **argv) {
    if (argc < 8) {
        fprintf(stderr, "usage: sparse N REMOVE_ALL REMOVE_ONE SPLIT_TWO TWO_UNEQUAL FOLD_ALLOWED FOLD_TARGET [FILE]\n");
        return 2;
    }
    long total = atol(argv[1]), remove_all[256], remove_one[256], split[256], unequal[256];
    int n_all = parse_list(argv[2], remove_all, 256), n_one = parse_list(argv[3], remove_one, 256);
    int n_split = parse_list(argv[4], split, 256);
    parse_list(argv[5], unequal, 256);
    int fold_allowed = atoi(argv[6]), fold_target = atoi(argv[7]);

    uint16_t *out = calloc(total > 0 ? total : 1, sizeof *out);
    uint32_t *stamp = calloc(SIZE, sizeof *stamp);
    static uint8_t parity[SIZE], seen[SIZE], xors[SIZE];
    static uint16_t common[SIZE];
    int mask = 0, fold = 0, target = 1;
    memset(xors, 1, SIZE);
    Listing l = {malloc(1024 * 4), malloc(1024 * 2), 0, 1024};
    long next_choice = 0;
    int paired = n_split == 2 && !unequal[0] && !unequal[1];

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long n = 0; n < total; n++) {
        if (n >= next_choice) {  /* re-choose the mask and rebuild the listing */
            choose_mask(out, n, fold_allowed, fold_target, &mask, &fold, &target);
            for (long v = 0; v < SIZE; v++) parity[v] = (uint8_t)__builtin_parity((unsigned)(v & mask));
            memset(seen, 0, SIZE);
            memset(xors, 0, SIZE);
            long rare = 0;
            for (long x = 1; x < n; x++) rare += (parity[out[x]] ^ (fold & x & 1)) != target;
            l.count = 0;
            l.capacity = 2 * rare > 1024 ? 2 * rare : 1024;
            l.at = realloc(l.at, l.capacity * sizeof *l.at);
            l.value = realloc(l.value, l.capacity * sizeof *l.value);
            for (long x = 1; x < n; x++) {
                if ((parity[out[x]] ^ (fold & x & 1)) != target) list_position(&l, x, out[x]);
                else seen[out[x]] = 1;
            }
            long n_common = 0;
            for (long v = 0; v < SIZE; v++)
                if (seen[v]) common[n_common++] = (uint16_t)v;
            for (long i = 0; i < n_common; i++)
                for (long j = 0; j < n_common; j++) xors[common[i] ^ common[j]] = 1;
            next_choice = 2 * n > 64 ? 2 * n : 64;
        }
        uint32_t tag = (uint32_t)(n + 1);
        for (int i = 0; i < n_all && remove_all[i] <= n; i++)
            if (remove_all[i] == n) stamp[0] = tag;
        for (int i = 0; i < n_one && remove_one[i] < n; i++) stamp[out[n - remove_one[i]]] = tag;
        long below = l.count;
        int first = 0;
        if (paired && n - split[1] >= 2) {  /* two splits in one pass: partners side by side */
            long m0 = n - split[0], m1 = n - split[1];
            while (below > 0 && l.at[below - 1] >= m1) below--;
            const uint16_t *top0 = out + m0, *top1 = out + m1;
            for (long j = 0; j < below; j++) {
                uint16_t x = l.value[j];
                long r = l.at[j];
                stamp[x ^ top0[-r]] = tag;
                stamp[x ^ top1[-r]] = tag;
            }
            for (long j = below; j < l.count && l.at[j] < m0; j++) stamp[l.value[j] ^ top0[-(long)l.at[j]]] = tag;
            below = l.count, first = 2;
        }
        for (int i = first; i < n_split; i++) {  /* every split with a listed heap */
            long m = n - split[i];
            if (m < 2) break;
            while (below > 0 && l.at[below - 1] >= m) below--;
            long skip = below;
            if (unequal[i] && m % 2 == 0) {  /* the two equal heaps are not a move */
                long lo = 0, hi = below;
                while (lo < hi) {
                    long mid = (lo + hi) / 2;
                    if (l.at[mid] < m / 2) lo = mid + 1; else hi = mid;
                }
                if (lo < below && l.at[lo] == m / 2) skip = lo;
            }
            const uint16_t *top = out + m;
            for (long j = 0; j < skip; j++) stamp[l.value[j] ^ top[-(long)l.at[j]]] = tag;
            for (long j = skip + 1; j < below; j++) stamp[l.value[j] ^ top[-(long)l.at[j]]] = tag;
        }
        unsigned v = 0;
        long scanned = 0;  /* the splits (a, m - a) with a <= scanned are marked */
        for (;;) {  /* the mex, rare candidates confirmed from the small heaps up */
            if (v >= SIZE - 1) {
                fprintf(stderr, "values past %d at heap %ld\n", SIZE - 1, n);
                return 1;
            }
            if (stamp[v] == tag) {
                v++;
                continue;
            }
            int flip = fold & n & 1;
            if ((parity[v] ^ flip) == target || !xors[v]) break;
            if (scanned > 0) {  /* the last candidate is looked for alone, a compare and no store */
                unsigned c = v + 1;
                while (c < SIZE && stamp[c] == tag) c++;
                if (c == SIZE || (parity[c] ^ flip) == target || !xors[c]) {
                    int met = 0;
                    for (long lo = scanned; 2 * lo < n && !met; lo *= 2)
                        for (int i = 0; i < n_split && !met; i++) {
                            long m = n - split[i];
                            if (m < 2) break;
                            long last = unequal[i] ? (m - 1) / 2 : m / 2;
                            if (last > 2 * lo) last = 2 * lo;
                            for (long a = lo + 1; a <= last; a++) met |= (uint16_t)(out[a] ^ out[m - a]) == v;
                        }
                    if (!met) break;
                    v++;
                    continue;
                }
            }
            if (scanned * 2 >= n) break;
            long window = 2 * scanned > FIRST_WINDOW ? 2 * scanned : FIRST_WINDOW;
            for (int i = 0; i < n_split; i++) {
                long m = n - split[i];
                if (m < 2) break;
                long last = unequal[i] ? (m - 1) / 2 : m / 2;
                if (last > window) last = window;
                for (long a = scanned + 1; a <= last; a++) stamp[out[a] ^ out[m - a]] = tag;
            }
            scanned = window;
        }
        out[n] = (uint16_t)v;
        if (n > 0 && ((parity[v] ^ (fold & n & 1)) != target || !seen[v])) list_position(&l, n, (uint16_t)v);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("{\"seconds\": %.6f, \"mask\": %d, \"listed\": %ld}\n",
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec), mask, l.count);
    if (argc > 8) {
        FILE *f = fopen(argv[8], "wb");
        if (!f || fwrite(out, sizeof *out, (size_t)total, f) != (size_t)total) return 1;
        fclose(f);
    }
    return 0;
}
