import FleetAuditIngest

/// The run's profiles projected once onto the fixed fields — platform, OS version, API level, app version,
/// app build, package — with their devices summed, and the row each profile became there.
///
/// Every config reads those fields and a few attributes at most, and the inventory cross-checks and the
/// coverage read nothing else: on a grouped export whose million rows are nearly all distinct, these are
/// 25k profiles. Each config group's projection starts from them (`ProfileFieldIDs.project`), and the checks
/// count them instead of every profile.
public struct FixedFieldProfiles: Sendable {
    /// The profiles without attribute columns, in the order they first occur in the source table.
    let table: ProfileTable
    /// Per profile of the source table, its row in `table` (-1: a profile without devices).
    let rowOf: [Int32]

    public init(_ source: ProfileTable) {
        (table, rowOf) = ProfileFieldIDs(source).projectOntoFixedFields(source)
    }
}
