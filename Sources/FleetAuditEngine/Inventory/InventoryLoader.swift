import Dispatch
import Foundation

/// Reads every row of a source into a `ProfileTable`, rejecting (never dropping) rows it cannot use.
///
/// Each distinct tuple of the fields configs read is validated once; later rows with the same bytes only
/// cost a hash lookup and, with a `count` column, one integer parse. A CSV file or a SQLite table is read by
/// `workers` threads, each counting its own part; the parts are merged in file order, so the result (profiles,
/// counts, rejected lines) is the same as one thread's.
package struct InventoryLoader {
    package var columnOverrides: [String: String] = [:]
    package var needs = ProfileNeeds()
    /// Threads reading one inventory; parts smaller than `minimumPartBytes` are not worth a thread.
    package var workers = ProcessInfo.processInfo.activeProcessorCount
    package var minimumPartBytes = EngineTuning.minimumPartBytes
    package var minimumPartRows: Int64 = EngineTuning.minimumPartRows
    /// Called about every 65,536 rows with the rows read and the source's progress; for a terminal only.
    package var onProgress: (@Sendable (Int64, (done: Int, total: Int)) -> Void)? = nil
    /// Receives a line about each part read in parallel and their merge (`FLEET_AUDIT_TIMINGS`).
    package var onTiming: (@Sendable (String) -> Void)? = nil

    package init(columnOverrides: [String: String] = [:], needs: ProfileNeeds = ProfileNeeds()) {
        self.columnOverrides = columnOverrides
        self.needs = needs
    }

    package func load(_ source: InventorySource) throws(InventoryError) -> (ProfileTable, InventorySummary) {
        let map = try ColumnMap(headers: source.headers, overrides: columnOverrides)
        for name in needs.attributes.sorted() {
            if let (first, second) = map.duplicateAttributes[name] {
                throw .duplicateColumn(
                    name, headers: [map.headers[first], map.headers[second]], positions: [first + 1, second + 1])
            }
        }
        // A column the run reads, with two candidate headers: the user picks one (the package only when read;
        // app_build below, only when Android rows need it).
        for (column, headers) in map.ambiguous.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            switch column {
            case .appBuild: continue
            case .packageName where !needs.packageName: continue
            default: throw .ambiguousColumn(column.rawValue, headers: headers)
            }
        }
        var summary = InventorySummary(source: source.sourceDescription, locationKind: source.locationKind)
        summary.headers = source.headers
        summary.columnAliases = map.aliased
        let plan = ProfileKeyPlan(map: map, headerCount: source.headers.count, needs: needs)
        summary.grouped = plan.countIndex != nil
        let progress = ProgressRelay(onProgress)
        source.keepOnly(plan.fieldsRead)

        var (table, counted) = try count(source, plan: plan, summary: summary, progress: progress)
        // Sums saturate on the way, so a total past the limit is seen here, before anything is evaluated.
        if counted.devices > InventorySummary.maxDevices || counted.devicesRejected > InventorySummary.maxDevices {
            throw .tooManyDevices(source.sourceDescription)
        }
        // Android rows need their versionCode: without the column every one of them would be a rejected row.
        if map.index[.appBuild] == nil,
            counted.rejections.contains(where: { $0.column == "app_build" && $0.reason == .emptyRequired })
        {
            if let headers = map.ambiguous[.appBuild] { throw .ambiguousColumn("app_build", headers: headers) }
            throw .missingColumns(["app_build"], found: source.headers)
        }
        counted.snapshot = source.snapshot
        // What the profiles hold: a format's read of anything else is recorded, and the run reads again.
        table.store.holdings = StoreHoldings(
            needs: ProfileNeeds(
                packageName: needs.packageName, appBuildOffAndroid: needs.appBuildOffAndroid,
                attributes: needs.attributes),
            inventoryAttributes: Set(map.attributes.keys))
        return (table, counted)
    }

    private func count(
        _ source: InventorySource, plan: ProfileKeyPlan, summary: InventorySummary,
        progress: ProgressRelay
    ) throws(InventoryError) -> (ProfileTable, InventorySummary) {
        if let csv = source as? CSVInventorySource, workers > 1,
            let parts = try csv.parts(workers, minimumBytes: minimumPartBytes)
        {
            return try loadInParallel(parts, plan: plan, summary: summary, progress: progress)
        }
        if let sqlite = source as? SQLiteInventorySource {
            // Every part reads the same committed state (see `SQLiteInventorySource.parts`); one connection
            // reads in one read transaction.
            if workers > 1, let parts = try sqlite.parts(workers, minimumRows: minimumPartRows) {
                return try loadInParallel(parts, plan: plan, summary: summary, progress: progress)
            }
            try sqlite.beginSnapshot()
        }
        let counter = RowCounter(plan: plan, summary: summary)
        try Self.count(source, into: counter, progress: progress, part: 0)
        return (counter.table(), counter.summary)
    }

    static func count(_ source: InventorySource, into counter: RowCounter, progress: ProgressRelay, part: Int)
        throws(InventoryError)
    {
        if let csv = source as? CSVBackedSource {
            try count(csv.csvReader, of: source, into: counter, progress: progress, part: part)
            counter.endsWithoutLineFeed = csv.csvReader.endsWithoutLineFeed
            return
        }
        if let sqlite = source as? SQLiteInventorySource {
            return try count(sqlite, of: source, into: counter, progress: progress, part: part)
        }
        var sinceReport = 0
        while let event = try source.next() {
            switch event {
            case .malformed(let line, let reason, let message):
                counter.reject(Rejection(line: line, column: nil, reason: reason, message: message))
            case .record(let line, let fields):
                counter.add(fields, line: line)
            }
            sinceReport += 1
            if sinceReport == 0x10000 {
                progress.update(part: part, rows: sinceReport, source: source)
                sinceReport = 0
            }
        }
        counter.flush()
        progress.update(part: part, rows: sinceReport, source: source)
    }

    /// The same loop for a CSV file or a SQLite table, calling the reader directly: on tens of millions of
    /// rows the protocol call and the `Event` per row were a tenth of ingest.
    private static func count<Reader: RowStepper>(
        _ reader: Reader, of source: InventorySource, into counter: RowCounter,
        progress: ProgressRelay, part: Int
    ) throws(InventoryError) {
        var sinceReport = 0
        while true {
            switch try reader.advance(keysFor: counter) {
            case .key(let line, let length, let delimiter):
                counter.addLineKey(length: length, line: line, delimiter: delimiter)
            case .end:
                counter.flush()
                progress.update(part: part, rows: sinceReport, source: source)
                return
            case .record(let line):
                counter.add(reader.record, line: line)
            case .malformed(let line, let reason, let message):
                counter.reject(Rejection(line: line, column: nil, reason: reason, message: message))
            }
            sinceReport += 1
            if sinceReport == 0x10000 {
                progress.update(part: part, rows: sinceReport, source: source)
                sinceReport = 0
            }
        }
    }

    /// Counts each part on its own thread, then merges them in order. `parts.finish` checks that each part
    /// ended where the next one began (a CSV cut can fall inside a quoted field); when not, that part reads on
    /// to the end of the inventory and the parts after it are dropped, so the result is always exact.
    private func loadInParallel(
        _ parts: InventoryParts, plan: ProfileKeyPlan, summary: InventorySummary,
        progress: ProgressRelay
    ) throws(InventoryError) -> (ProfileTable, InventorySummary) {
        let n = parts.sources.count
        progress.parts(n)
        let counters = parts.sources.map { _ in RowCounter(plan: plan, summary: summary) }
        let errors = ErrorSlots(n)
        let shared = UncheckedBox((parts.sources, counters))
        let onTiming = self.onTiming
        DispatchQueue.concurrentPerform(iterations: n) { i in
            let (sources, counters) = shared.value
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                try Self.count(sources[i], into: counters[i], progress: progress, part: i)
            } catch {
                errors.set(i, error)
            }
            onTiming?("ingest: part \(i + 1) of \(n) read in \(Self.seconds(since: start))")
        }
        if let error = errors.first { throw error }
        let merging = DispatchTime.now().uptimeNanoseconds
        defer { onTiming?("ingest: parts joined and merged in \(Self.seconds(since: merging))") }
        let first = counters[0]
        var lineOffset = 0  // how many lines come before part i
        for i in 0..<n {
            let join = i < n - 1 ? parts.finish(part: i) : nil
            if case .readOn? = join {
                try Self.count(parts.sources[i], into: counters[i], progress: progress, part: i)
            }
            let last: Bool
            if case .joined? = join { last = false } else { last = true }
            if i > 0 { first.absorb(counters[i], lineOffset: lineOffset, threads: workers, last: last) }
            guard case .joined(let lines)? = join else { break }
            lineOffset += lines
        }
        return (first.table(), first.summary)
    }
}

extension InventoryLoader {
    fileprivate static func seconds(since start: UInt64) -> String {
        String(format: "%.3f s", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}

/// An inventory cut into parts read in parallel.
final class InventoryParts {
    enum Join {
        /// The next part starts exactly where this one ended, and this part covered this many lines.
        case joined(lines: Int)
        /// The cut was inside a record: this part's source now reads on to the end of the inventory.
        case readOn
    }

    let sources: [InventorySource]
    private let finishPart: (Int) -> Join

    init(sources: [InventorySource], finish: @escaping (Int) -> Join) {
        self.sources = sources
        self.finishPart = finish
    }

    func finish(part: Int) -> Join { finishPart(part) }
}

/// Rows and bytes read by all parts; the first part's thread reports them.
final class ProgressRelay: @unchecked Sendable {
    private let lock = NSLock()
    private var rows: Int64 = 0
    private var done: [Int] = [0]
    private let callback: (@Sendable (Int64, (done: Int, total: Int)) -> Void)?

    init(_ callback: (@Sendable (Int64, (done: Int, total: Int)) -> Void)?) { self.callback = callback }

    func parts(_ n: Int) { done = Array(repeating: 0, count: n) }

    func update(part: Int, rows n: Int, source: InventorySource) {
        guard let callback else { return }
        let (partDone, total) = source.progress
        lock.lock()
        rows += Int64(n)
        done[part] = partDone
        let (allRows, allDone) = (rows, done.reduce(0, +))
        lock.unlock()
        if part == 0 { callback(allRows, (allDone, total)) }
    }
}

private final class ErrorSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [InventoryError?]

    init(_ n: Int) { errors = Array(repeating: nil, count: n) }

    func set(_ i: Int, _ error: any Error) {
        lock.lock()
        errors[i] = (error as? InventoryError) ?? .unreadable("inventory", reason: "\(error)")
        lock.unlock()
    }

    var first: InventoryError? { errors.compactMap { $0 }.first }
}

/// Hands values to `concurrentPerform`; each thread touches only its own element.
private final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
