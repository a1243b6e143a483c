import Dispatch
import Foundation

/// The run's profiles projected once onto the fixed fields — platform, OS version, API level, app version,
/// app build, package — with their devices summed, and the row each profile became there.
///
/// Every config reads those fields and a few attributes at most, and the inventory cross-checks and the
/// coverage read nothing else: on a grouped export whose million rows are nearly all distinct, these are
/// 25k profiles. Each config group's projection starts from them (`ProfileFieldIDs.project`), and the checks
/// count them instead of every profile.
package struct FixedFieldProfiles: Sendable {
    /// The profiles without attribute columns, in the order they first occur in the source table.
    package let table: ProfileTable
    /// Per profile of the source table, its row in `table` (-1: a profile without devices).
    let rowOf: [Int32]

    /// - Parameter threads: the table is cut into this many runs of rows, projected side by side, and the
    ///   later runs' profiles then found or added in the first's in order (a few thousand): the same
    ///   profiles in the same order as one pass, in half the time on two cores.
    package init(_ source: ProfileTable, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        let count = source.devices.count
        let runs =
            count >= EngineTuning.parallelFixedFieldProfiles
            ? max(1, min(threads, EngineTuning.maximumFixedFieldRuns)) : 1
        let fields = ProfileFieldIDs(source)
        let needs = ProfileNeeds(packageName: true, appBuildOffAndroid: true)
        let plan = ProfileFieldIDs.ColumnPlan(source.store, needs: needs, classes: nil)
        let shared = Shared(rows: count, runs: runs)
        DispatchQueue.concurrentPerform(iterations: runs) { r in
            let rows = (count * r / runs)..<(count * (r + 1) / runs)
            shared.tables[r] = fields.project(source, rows: rows, plan: plan, needs: needs) {
                shared.rowOf[$0] = Int32($1)
            }
        }
        var rowOf = Array(shared.rowOf)
        let first = shared.tables[0]!
        guard runs > 1 else {
            (table, self.rowOf) = (first, rowOf)
            return
        }
        let keys = ProfileRowSet(first.store)
        var devices = first.devices
        var ids = [Int32](repeating: 0, count: first.store.width)
        for r in 1..<runs {
            let run = shared.tables[r]!
            var map = [Int32](repeating: 0, count: run.store.count)
            for row in 0..<run.store.count {
                for c in 0..<ids.count { ids[c] = run.store.id(row, c) }
                let (found, isNew) = ids.withUnsafeBufferPointer { keys.row(of: $0.baseAddress!) }
                if isNew { devices.append(run.devices[row]) } else { devices[found] &+= run.devices[row] }
                map[row] = Int32(found)
            }
            for i in (count * r / runs)..<(count * (r + 1) / runs) where rowOf[i] >= 0 { rowOf[i] = map[Int(rowOf[i])] }
        }
        (table, self.rowOf) = (ProfileTable(store: first.store, devices: devices), rowOf)
    }

    /// The runs' results: each thread writes only its own table and its own rows of `rowOf`.
    private final class Shared: @unchecked Sendable {
        let tables: UnsafeMutableBufferPointer<ProfileTable?>
        let rowOf: UnsafeMutableBufferPointer<Int32>

        init(rows: Int, runs: Int) {
            tables = .allocate(capacity: runs)
            tables.initialize(repeating: nil)
            rowOf = .allocate(capacity: rows)
            rowOf.initialize(repeating: -1)
        }

        deinit {
            tables.deinitialize()
            tables.deallocate()
            rowOf.deallocate()
        }
    }
}
