/// Every threshold that changes only how fast the engine is, never an answer, in one place with the measurement
/// that chose it. Changing one is a benchmark question (`Benchmarks/run.sh` on the low, high and aggregated
/// shapes; docs/performance.md keeps the figures): the tests hold every fast path to the straight one whatever
/// the values (`HighCardinalityAuditTests`, `ParallelIngestTests`, `ProfileFieldIDsTests`, `EngineConformanceTests`).
package enum EngineTuning {
    // MARK: Reading

    /// Bytes read from a CSV file at a time: small enough that what `read` copied is still in the core's cache
    /// when it is parsed (128 KB read faster than 1 MB on a 10M-row file), large enough that system calls do not
    /// count. A longer record grows the buffer.
    package static let csvChunkBytes = 128 << 10

    /// A CSV inventory is read by several threads only in parts of at least this many bytes, and a SQLite one
    /// in parts of at least this many rows: a part must be large enough that its thread's start and the merge
    /// of its profiles are small beside its reading.
    package static let minimumPartBytes = 4 << 20
    package static let minimumPartRows: Int64 = 100_000

    // MARK: Counting rows into profiles (`RowCounter`, `ProfileKeyTable`)

    /// Rows looked up together: their slots and entries are asked for ahead (`RowCounter.add`), so the memory
    /// loads of a batch overlap instead of waiting for each other on a key table larger than the cache. Also the
    /// batch of keys a projection looks up at once (`ProfileFieldIDs`).
    package static let lookupBatch = 16

    /// How many rows after it is added a row's key entry is asked for (`ProfileKeyTable.prefetchEntry`): its home
    /// slot, asked for when the row was added, is in cache by then. Below `lookupBatch` (else no entry is asked
    /// for before the batch's lookups). On the low 10M fleet 4, 8 and asking for every entry only at the batch's
    /// lookups took the same wall time within the machine's noise; with 8, `perf` put an eighth of the lookups'
    /// samples on waiting for an entry, against a third before entries were prefetched at all.
    package static let entryLead = 8

    /// Rows a full raw key table lacks that wait to be classified by their parts together (`RowCounter`): their
    /// loads from the profiles' tables overlap. Chosen on the high 10M fleet (docs/performance.md).
    package static let missBatch = 32

    /// A batch is counted early once its keys hold this many bytes (a hostile 10 MB field), rather than piled up.
    package static let batchKeyBytes = 1 << 20

    /// Distinct keys kept as their raw bytes (the first tier); later ones are classified by their parts into a
    /// profile found in the store. The most frequent keys come early; past this the raw keys were most of the
    /// peak memory on a fleet of 1M distinct profiles.
    package static let rawKeyLimit = 1 << 17

    /// Rows per window over which the counter checks whether raw keys still pay (fewer than 1 in 8 rows found
    /// an existing profile: they are folded and left; a quarter or more: taken up again). Short, so a grouped
    /// export, whose rows never repeat, leaves the raw keys early.
    package static let tierWindow = 1 << 14

    /// The key table's entries live in chunks of 2^this bytes, so growing it never moves a key already counted.
    package static let keyTableChunkShift = 18

    /// Profiles translated at a time when one part's profiles are merged into another's (bounds the scratch
    /// buffers, whatever the part's size).
    package static let mergeChunkProfiles = 1 << 16

    // MARK: Evaluation

    /// Cells a projection from the fixed fields may index directly (4 MB of Int32); past it the keys are hashed.
    package static let directProjectionCells = 1 << 20

    /// Profiles from which the fixed-field projection is cut into runs projected side by side (at most
    /// `maximumFixedFieldRuns`): half the time on two cores on large tables, not worth a thread on small ones.
    package static let parallelFixedFieldProfiles = 1 << 17
    package static let maximumFixedFieldRuns = 8

    /// Profile evaluations (profiles × the configs deciding them) that justify one more evaluation worker: a
    /// table is split into at most one part per this many (and per core), so a small table is not spread over
    /// threads whose start and accumulator merge would cost more than its evaluation.
    package static let profilesPerWorker = 4096

    /// Units a worker decides each of its profiles for in one pass over them (`EvaluationCore`): few enough that
    /// their accumulators stay in a core's cache from profile to profile, many enough that what the units'
    /// evaluators share about a profile (`SharedDecisions`) is worked out once for many of them. Chosen on the
    /// many-configs benchmark (docs/performance.md).
    package static let unitsPerPass = 64

    /// Profiles a worker decides for every unit, pass after pass, before it moves to the next ones: what the
    /// units' evaluators share about a profile (`SharedDecisions`) is kept for a block, so that it is worked out
    /// once per profile rather than once per pass. A power of two; memory is one decision per shared part and
    /// profile of a block. Chosen on the many-configs benchmark (docs/performance.md).
    package static let profilesPerBlock = 128

    /// Profiles the verification mode decides on both paths per run (`PathVerification`): enough to meet every
    /// value class of a realistic fleet several times, few enough that a debug build's audit of a large fleet
    /// stays within a small share of its evaluation.
    package static let verificationSample = 4096
}
