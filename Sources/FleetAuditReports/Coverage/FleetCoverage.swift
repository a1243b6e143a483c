import FleetAuditValues

/// How the fleet spreads over app and OS versions, per platform (and per package when the inventory has
/// several): each version's devices and the devices at or above it, ordered by version — the numbers a
/// release manager reads before choosing a minimum ("a minimum of 352 leaves 81% of Android devices as they
/// are"). Android counts app versions by versionCode (`app_build`, with the `app_version` names seen for each
/// code) and the OS by API level; Apple platforms by dotted numeric version (components compared as
/// integers, missing ones as 0). Texts that do not parse are counted as such, never dropped.
package struct FleetCoverage: Sendable, Equatable {
    package struct Version: Sendable, Equatable {
        /// The version as shown: a versionCode, an API level, or a dotted version (the shortest spelling seen).
        package let version: String
        /// Android app axis: the `app_version` names devices with this versionCode report (at most five, sorted).
        package let names: [String]
        package let devices: Int64
        /// Devices at this version or above it.
        package let atOrAbove: Int64

        package init(version: String, names: [String], devices: Int64, atOrAbove: Int64) {
            self.version = version
            self.names = names
            self.devices = devices
            self.atOrAbove = atOrAbove
        }
    }

    package struct Axis: Sendable, Equatable {
        /// `versionCode`, `apiLevel` or `version`.
        package let kind: String
        /// Ascending.
        package let versions: [Version]
        /// Devices whose text does not parse as this axis's version (or has none).
        package let unparsed: Int64

        package init(kind: String, versions: [Version], unparsed: Int64) {
            self.kind = kind
            self.versions = versions
            self.unparsed = unparsed
        }
    }

    package struct Group: Sendable, Equatable {
        package let platform: Platform
        /// Set when the inventory has more than one package.
        package let package: String?
        package let devices: Int64
        package let app: Axis
        package let os: Axis

        package init(platform: Platform, package: String?, devices: Int64, app: Axis, os: Axis) {
            self.platform = platform
            self.package = package
            self.devices = devices
            self.app = app
            self.os = os
        }
    }

    package let groups: [Group]

    package init(groups: [Group]) { self.groups = groups }
}

extension FleetCoverage.Version {
    /// The share of the group's devices at or above this version, in percent with two decimals (`81.25`).
    package func percentAtOrAbove(of devices: Int64) -> String {
        devices > 0 ? String(format: "%.2f", Double(atOrAbove) * 100 / Double(devices)) : "0.00"
    }
}
