// Runs of consecutive output quads stored two at a time. Where the kernels store 64-bit words (QUAD_PAIR_STORES),
// two neighbouring output quads go out as one u64vec4 store: lavapipe loops over the SIMD lanes once per store
// instruction, and runs stored in pairs ran 15-35% faster than one quad per store (`slice1.step2_last`,
// `slice1.negative_last`, `identity.broadcast_last`, `gather.rows256`: docs/performance-sessions.md, Session 63). A
// pair starts at an even output quad, so a run from an odd quad stores its first quad alone, and a run with an odd
// number left its last one. Elsewhere (32-bit stores, no int64; output copies an odd number of quads apart) every quad
// of the run goes alone.
//
// Needs launch_params.glsl.

// A run of `count` output quads: quads [lead, lead + 2 pairs) are stored in pairs, the `alone` others one at a time
// (quad 0 where lead is 1, the last where the pairs leave one).
struct QuadPairRun {
    uint lead, pairs, alone;
};

// The run where `paired` says whether its quads and their copies may go in pairs (every quad alone if not).
QuadPairRun quadPairRunIf(bool paired, uint base, uint count) {
    QuadPairRun run;
    run.lead = paired ? min(base & 1u, count) : 0u;
    run.pairs = paired ? (count - run.lead) / 2u : 0u;
    run.alone = count - 2u * run.pairs;
    return run;
}

QuadPairRun quadPairRun(uint base, uint count) {
    return quadPairRunIf(QUAD_PAIR_STORES && (OUTPUT_COPIES == 0u || ((P.outputCopyWordStride >> 2) & 1) == 0), base,
                         count);
}

// The run's quad stored alone k-th: the lead quad, then the one after the pairs.
uint aloneQuad(QuadPairRun run, uint k) { return k < run.lead ? k : k + 2u * run.pairs; }

// The first quad of pair p.
uint pairedQuad(QuadPairRun run, uint p) { return run.lead + 2u * p; }

// Output quads `quad` (even) and quad + 1, and their copies (OUTPUT_COPIES: quadPairRun pairs them only where the
// copies are an even number of quads apart).
void storeQuadPair(uint quad, uvec4 first, uvec4 second) {
    for (uint k = 0; k < max(OUTPUT_COPIES, 1u); ++k)
        storeOutputQuadPair(quad + k * uint(P.outputCopyWordStride >> 2), first, second);
}

// Stores COUNT output quads from output quad BASE, in pairs where quadPairRun allows, lane LANE of LANES taking turns
// with the others over the lone quads, then over the pairs (LANES 1: one invocation stores them all). STORE_ONE(q,
// value) and STORE_PAIR(q, first, second) store at output quad q (storeQuad and storeQuadPair, or storeOutputQuad and
// storeOutputQuadPair where there are no copies), and QUAD_AT(i) is the value of the run's quad i (a macro of i; the
// variables it reads must not be named quadRun, runQuad, aloneTurn or pairTurn). A macro, since a GLSL function cannot
// take another as an argument.
#define STORE_QUAD_RUN(BASE, COUNT, LANE, LANES, STORE_ONE, STORE_PAIR, QUAD_AT)                                       \
    {                                                                                                                  \
        QuadPairRun quadRun = quadPairRun(BASE, COUNT);                                                                \
        for (uint aloneTurn = LANE; aloneTurn < quadRun.alone; aloneTurn += LANES) {                                   \
            uint runQuad = aloneQuad(quadRun, aloneTurn);                                                              \
            STORE_ONE((BASE) + runQuad, QUAD_AT(runQuad));                                                             \
        }                                                                                                              \
        for (uint pairTurn = LANE; pairTurn < quadRun.pairs; pairTurn += LANES) {                                      \
            uint runQuad = pairedQuad(quadRun, pairTurn);                                                              \
            STORE_PAIR((BASE) + runQuad, QUAD_AT(runQuad), QUAD_AT(runQuad + 1u));                                     \
        }                                                                                                              \
    }
