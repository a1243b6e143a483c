/// Projects the run's profiles onto the fields one group of configs reads (on each platform, the attributes
/// that platform's devices are read for: `ProfileNeeds.attributes(for:)`). Profiles are rows of interned
/// field ids (`ProfileStore`), so a projection is a hash of a few integers per profile and a copy of them:
/// no `Profile` value, text or dictionary is made.
struct ProfileFieldIDs: Sendable {
    // Platform, OS version, API level, app version, app build, package.
    fileprivate static let fixed = ProfileStore.fixedColumns
    private let store: ProfileStore

    init(_ table: ProfileTable) {
        store = table.store
    }

    /// The profiles with only the fields `needs` names (and the ones every config reads), equal ones merged
    /// and their devices summed, in the order they first occur in `table`.
    /// - Parameters:
    ///   - classes: when given, each attribute value is written as the first value of its class.
    ///   - fixed: `table` on its fixed fields; when given, the projection starts from it (`projectFromFixed`).
    ///   - origin: told, for each of the table's profiles with devices, which projected profile it became.
    func project(
        _ table: ProfileTable, onto needs: ProfileNeeds, classes: AttributeClasses? = nil,
        fixed: FixedFieldProfiles? = nil, origin: (Int, Int) -> Void = { _, _ in }
    ) -> ProfileTable {
        let plan = ColumnPlan(store, needs: needs, classes: classes)
        if let fixed, let projected = projectFromFixed(table, fixed, plan: plan, needs: needs, origin: origin) {
            return projected
        }
        return project(table, plan: plan, needs: needs, origin: origin)
    }

    /// `project`, also telling for each of the table's profiles which projected profile it became (-1 for a
    /// profile with no devices).
    func projectWithOrigins(_ table: ProfileTable, onto needs: ProfileNeeds) -> (ProfileTable, [Int]) {
        var origins = Array(repeating: -1, count: table.profiles.count)
        let projected = project(table, plan: ColumnPlan(store, needs: needs, classes: nil), needs: needs) {
            origins[$0] = $1
        }
        return (projected, origins)
    }

    /// Which attribute columns a projection keeps, and what it writes for each value on each platform.
    struct ColumnPlan {
        /// Store columns of the attributes `needs` names, in store order.
        let attributeColumns: [Int]
        /// Per platform id (1-based), which of the attribute columns its devices may be read for: the others
        /// are left out (0, absent) of that platform's projected profiles.
        let keeps: [[Bool]]
        /// Per platform id and attribute column kept, each value id's representative (nil: itself).
        let representatives: [[[Int32]?]]
        /// Per platform id: every attribute column kept and every value itself.
        let copiesAll: [Bool]

        init(_ store: ProfileStore, needs: ProfileNeeds, classes: AttributeClasses?) {
            let attributeColumns = store.attributeNames.indices.filter {
                needs.attributes.contains(store.attributeNames[$0])
            }
            .map { ProfileFieldIDs.fixed + $0 }
            let keeps: [[Bool]] =
                [[]]
                + (1...max(store.platformCount, 1)).map { id in
                    guard id <= store.platformCount else { return [] }
                    let read = needs.attributes(for: store.platform(id: Int32(id)))
                    return attributeColumns.map { read.contains(store.attributeNames[$0 - ProfileFieldIDs.fixed]) }
                }
            let representatives: [[[Int32]?]] = keeps.indices.map { id in
                guard id > 0, id <= store.platformCount, let classes else { return [] }
                return attributeColumns.indices.map { k in
                    keeps[id][k]
                        ? classes.representatives(
                            platform: store.platform(id: Int32(id)), column: attributeColumns[k], store: store) : nil
                }
            }
            copiesAll = keeps.indices.map {
                keeps[$0].allSatisfy { $0 } && representatives[$0].allSatisfy { $0 == nil }
            }
            self.attributeColumns = attributeColumns
            self.keeps = keeps
            self.representatives = representatives
        }

        /// The id a projected profile of platform `platform` has in attribute column `k` for value `id`.
        @inline(__always)
        func written(platform: Int, _ k: Int, _ id: Int32) -> Int32 {
            !keeps[platform][k]
                ? 0 : representatives[platform].isEmpty ? id : representatives[platform][k].map { $0[Int(id)] } ?? id
        }
    }

    /// The hashing projection of the profiles in `rows` (default: all), telling `origin` which projected
    /// profile each one became.
    func project(
        _ table: ProfileTable, rows: Range<Int>? = nil, plan: ColumnPlan, needs: ProfileNeeds,
        origin: (Int, Int) -> Void
    ) -> ProfileTable {
        let attributeColumns = plan.attributeColumns
        let projected = ProfileStore(projecting: store, attributeColumns: attributeColumns)
        // The projected store is its own key set: a projected profile is found by its row of ids there.
        let keys = ProfileRowSet(projected)
        var devices: [Int64] = []
        // At most one projected profile per profile.
        projected.reserve(rows: store.count)
        devices.reserveCapacity(store.count)
        let width = store.width
        let keyWidth = Self.fixed + attributeColumns.count
        let ids = store.ids
        let androidID = store.platformID(.android)
        let copiesAll = plan.copiesAll
        // Keys are looked up a batch at a time (`ProfileRowSet.rows(of:count:into:isNew:)`).
        let batch = EngineTuning.lookupBatch
        var batchKeys = [Int32](repeating: 0, count: batch * keyWidth)
        var batchRows = [Int](repeating: 0, count: batch)
        var batchIDs = [Int32](repeating: 0, count: batch)
        var batchIsNew = [Bool](repeating: false, count: batch)
        var filled = 0
        func lookUp() {
            batchKeys.withUnsafeBufferPointer {
                keys.rows(of: $0.baseAddress!, count: filled, into: &batchIDs, isNew: &batchIsNew)
            }
            for k in 0..<filled {
                let i = batchRows[k]
                let id = Int(batchIDs[k])
                origin(i, id)
                if batchIsNew[k] {
                    devices.append(table.devices[i])
                } else {
                    devices[id] &+= table.devices[i]
                }
            }
            filled = 0
        }
        for i in rows ?? 0..<store.count where table.devices[i] > 0 {
            let row = i * width
            let key = filled * keyWidth
            for c in 0..<4 { batchKeys[key + c] = ids[row + c] }
            batchKeys[key + 4] = ids[row] == androidID || needs.appBuildOffAndroid ? ids[row + 4] : 0
            batchKeys[key + 5] = needs.packageName ? ids[row + 5] : 0
            let platform = Int(ids[row])
            if copiesAll[platform] {
                for (k, c) in attributeColumns.enumerated() { batchKeys[key + Self.fixed + k] = ids[row + c] }
            } else {
                for (k, c) in attributeColumns.enumerated() {
                    batchKeys[key + Self.fixed + k] = plan.written(platform: platform, k, ids[row + c])
                }
            }
            batchRows[filled] = i
            filled += 1
            if filled == batch { lookUp() }
        }
        if filled > 0 { lookUp() }
        return ProfileTable(store: projected, devices: devices)
    }

    /// Cells a projection from the fixed fields may index directly; past it, it hashes the keys.
    static let directCells = EngineTuning.directProjectionCells

    /// `project` from the profiles on their fixed fields, without hashing a key per profile: a projected profile
    /// is its fixed fields as the group reads them (numbered once per fixed profile, a few thousand) and, per
    /// attribute column that can differ, the class of its value (`AttributeClasses`). When no attribute can
    /// differ, the projection is the fixed profiles merged; otherwise each profile finds its projected row by
    /// direct index into a table of (fixed fields as read × classes) cells. The same profiles, in the same
    /// order, as the hashing projection: keys that are equal there are equal here. Nil when the cells would
    /// be more than `directCells` (values a config tells apart one by one, such as every model).
    func projectFromFixed(
        _ table: ProfileTable, _ fixed: FixedFieldProfiles, plan: ColumnPlan, needs: ProfileNeeds,
        directCells: Int = Self.directCells, origin: (Int, Int) -> Void = { _, _ in }
    ) -> ProfileTable? {
        let fixedStore = fixed.table.store
        let fixedCount = fixedStore.count
        let androidID = store.platformID(.android)
        // Each fixed profile's fields as this group reads them: the app build off Android and the package only
        // when read.
        let read = ProfileStore(projecting: store, attributeColumns: [])
        let readKeys = ProfileRowSet(read)
        var readRowOf = [Int32](repeating: 0, count: fixedCount)
        var key = [Int32](repeating: 0, count: Self.fixed)
        key.withUnsafeMutableBufferPointer { key in
            for r in 0..<fixedCount {
                for c in 0..<Self.fixed { key[c] = fixedStore.id(r, c) }
                if key[0] != androidID && !needs.appBuildOffAndroid { key[4] = 0 }
                if !needs.packageName { key[5] = 0 }
                readRowOf[r] = Int32(readKeys.row(of: key.baseAddress!).row)
            }
        }
        let platforms = store.platformCount
        // A column some platform reads as written has a class per value: when those alone pass the limit, hash
        // (before numbering every value of, say, a column of device ids).
        for (k, c) in plan.attributeColumns.enumerated() {
            let asWritten = (0...platforms).contains { p in
                p > 0 && plan.keeps[p][k] && (plan.representatives[p].isEmpty || plan.representatives[p][k] == nil)
            }
            let values = store.interners[c]?.texts.count ?? 1
            let (cells, overflow) = values.multipliedReportingOverflow(by: max(read.count, 1))
            if asWritten && (overflow || cells > directCells) { return nil }
        }
        // Per attribute column: per platform id, each value id's class index (dense from 0) and the most classes
        // any platform has. A column with one class on every platform is written 0 (absent) throughout: the
        // first value of a class that holds every value is id 0 itself.
        var classOf: [[[Int32]]] = []  // [k][platform id][value id]
        var classCounts: [Int] = []
        for (k, c) in plan.attributeColumns.enumerated() {
            let values = store.interners[c]?.texts.count ?? 1
            var byPlatform: [[Int32]] = [[]]
            var most = 1
            for p in 1...max(platforms, 1) where p <= platforms {
                var index = [Int32](repeating: 0, count: values)
                var numbers: [Int32: Int32] = [:]
                for id in 0..<Int32(values) {
                    let written = plan.written(platform: p, k, id)
                    if let n = numbers[written] {
                        index[Int(id)] = n
                    } else {
                        index[Int(id)] = Int32(numbers.count)
                        numbers[written] = Int32(numbers.count)
                    }
                }
                most = max(most, numbers.count)
                byPlatform.append(index)
            }
            classOf.append(byPlatform)
            classCounts.append(most)
        }
        let differing = classCounts.indices.filter { classCounts[$0] > 1 }
        let outputWidth = Self.fixed + plan.attributeColumns.count
        let projected = ProfileStore(projecting: store, attributeColumns: plan.attributeColumns)
        var devices: [Int64] = []
        var row = [Int32](repeating: 0, count: outputWidth)
        if differing.isEmpty {
            devices = Array(repeating: 0, count: read.count)
            projected.reserve(rows: read.count)
            for r in 0..<read.count {
                for c in 0..<Self.fixed { row[c] = read.id(r, c) }
                _ = row.withUnsafeBufferPointer { projected.append(ids: $0.baseAddress!) }
            }
            for r in 0..<fixedCount { devices[Int(readRowOf[r])] &+= fixed.table.devices[r] }
            for i in 0..<table.devices.count where fixed.rowOf[i] >= 0 {
                origin(i, Int(readRowOf[Int(fixed.rowOf[i])]))
            }
            return ProfileTable(store: projected, devices: devices)
        }
        var strides: [Int] = []
        var cellsPerRead = 1
        for k in differing {
            strides.append(cellsPerRead)
            let (product, overflow) = cellsPerRead.multipliedReportingOverflow(by: classCounts[k])
            guard !overflow, product <= directCells else { return nil }
            cellsPerRead = product
        }
        let (cellCount, overflow) = cellsPerRead.multipliedReportingOverflow(by: read.count)
        guard !overflow, cellCount <= directCells else { return nil }
        var cells = [Int32](repeating: -1, count: cellCount)
        let width = store.width
        let ids = store.ids
        let columns = differing.map { plan.attributeColumns[$0] }
        let classes = differing.map { classOf[$0] }
        for i in 0..<table.devices.count where fixed.rowOf[i] >= 0 {
            let readRow = Int(readRowOf[Int(fixed.rowOf[i])])
            let start = i * width
            let platform = Int(ids[start])
            var cell = readRow * cellsPerRead
            for d in 0..<columns.count { cell += Int(classes[d][platform][Int(ids[start + columns[d]])]) * strides[d] }
            let known = cells[cell]
            if known >= 0 {
                devices[Int(known)] &+= table.devices[i]
                origin(i, Int(known))
                continue
            }
            origin(i, projected.count)
            cells[cell] = Int32(projected.count)
            for c in 0..<Self.fixed { row[c] = read.id(readRow, c) }
            for (k, c) in plan.attributeColumns.enumerated() {
                row[Self.fixed + k] = plan.written(platform: platform, k, ids[start + c])
            }
            _ = row.withUnsafeBufferPointer { projected.append(ids: $0.baseAddress!) }
            devices.append(table.devices[i])
        }
        return ProfileTable(store: projected, devices: devices)
    }
}
