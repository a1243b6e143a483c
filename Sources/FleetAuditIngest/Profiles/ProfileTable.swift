/// Distinct profiles with their device counts. Grows with distinct profiles, never with rows.
public struct ProfileTable: Sendable {
    public private(set) var profiles: [Profile] = []
    public private(set) var devices: [Int64] = []

    public init() {}

    package init(profiles: [Profile], devices: [Int64]) {
        self.profiles = profiles
        self.devices = devices
    }

    /// Adds a new profile and returns its index.
    mutating func add(_ profile: Profile) -> Int {
        profiles.append(profile)
        devices.append(0)
        return profiles.count - 1
    }

    mutating func count(_ index: Int, devices n: Int64) {
        devices[index] += n
    }

    /// A table holding one profile per device, for `explain`.
    public static func single(_ profile: Profile) -> ProfileTable {
        var table = ProfileTable()
        table.count(table.add(profile), devices: 1)
        return table
    }

    public var totalDevices: Int64 { devices.reduce(0, +) }
}
