@testable import FleetAuditEngine
@testable import FleetAuditValues

/// A table of `count` profiles on Android, iOS and macOS whose fields are drawn independently and repeatably
/// from `seed`, with the attributes `attributes` draws (given the draw of a number below its argument); every
/// 97th profile has no devices, the others 1 to 5.
func drawnProfiles(
    _ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15, attributes: ((Int) -> Int) -> [String: String]
) -> ProfileTable {
    var table = ProfileTable()
    var seed = seed
    func next(_ n: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(n))
    }
    for i in 0..<count {
        let platform = [Platform.android, .ios, .macos][next(3)]
        let android = platform == .android
        let api = 24 + next(6)
        let fields = ProfileFields(
            platform: platform, osVersion: android ? "\(api - 18).0" : "\(15 + next(3)).\(next(2))",
            apiLevel: android ? api : nil, appVersion: "\(4 + next(3)).\(next(2))",
            appBuild: android ? "\(345 + next(4))" : "\(next(5))",
            packageName: [nil, "com.example.app", "com.example.other"][next(3)],
            attributes: attributes(next))
        let row = table.add(Profile(fields))
        table.count(row, devices: i % 97 == 0 ? 0 : Int64(1 + next(5)))
    }
    return table
}
