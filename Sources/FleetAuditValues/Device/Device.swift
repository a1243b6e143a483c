/// A device as a config format sees it: its platform, versions, package and other attributes, as values.
/// Formats decide from this and nothing else; how the engine stores the fleet (interned rows, projections)
/// is not theirs to know. The engine's devices check, in debug builds, that a format reads only what its
/// config declared (`EvaluableConfig.needs`).
package protocol Device: Sendable {
    var platform: Platform { get }
    var osVersion: String { get }
    /// Android API level (from `os_api_level` or the release table); nil on other platforms.
    var apiLevel: Int? { get }
    var appVersion: String { get }
    /// `app_build` as written (iOS `CFBundleVersion`, Android `versionCode`); nil when absent or empty.
    var appBuild: String? { get }
    var packageName: String? { get }
    /// An attribute (any other inventory column) by any spelling of its name; nil when the device has none.
    func attribute(_ name: String) -> String?

    /// What a memo may key on: devices with the same `valueNumbers` number each field's values alike — equal
    /// numbers for equal values, small and dense from 0 (no value) — so a format's evaluator can remember
    /// what it worked out for a value by its number instead of hashing its text. The numbers are the engine's
    /// to give; a memo starts over when the scope changes.
    var valueNumbers: ValueNumberScope { get }
    /// `field` made ready to number on devices of this scope (look it up once per scope, number it per device).
    func numbered(_ field: DeviceField) -> NumberedField
    /// The number of this device's value of `field` (0: none).
    func valueNumber(_ field: NumberedField) -> Int
}

extension Device {
    /// Android `versionCode` as an integer (validated at ingest for Android rows).
    package var appBuildCode: Int? { appBuild.flatMap { Int($0) } }
}

/// A field of a device, by what it is.
package enum DeviceField: Hashable, Sendable {
    case platform, osVersion, apiLevel, appVersion, appBuild, packageName
    /// An attribute by any spelling of its name.
    case attribute(String)
}

/// Devices whose value numbers compare (`Device.valueNumbers`). Opaque to formats.
package struct ValueNumberScope: Hashable, @unchecked Sendable {
    package let identity: ObjectIdentifier?
    package init(_ identity: ObjectIdentifier?) { self.identity = identity }
}

/// A field ready to number (`Device.numbered`); opaque to formats. `slot` is the engine's.
package struct NumberedField: Sendable {
    package let slot: Int?
    package init(slot: Int?) { self.slot = slot }
}
