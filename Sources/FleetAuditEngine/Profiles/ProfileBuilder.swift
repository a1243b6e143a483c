import Foundation

/// Why a row's values cannot make a profile: a rejection without its line.
package struct RowProblem: Equatable, Sendable, Error {
    package let column: String?
    package let reason: RejectionReason
    package let message: String
}

/// Turns one row's values into a validated `Profile` (docs/inventory.md). Used by ingest and by `explain`,
/// so a device is judged the same way in both.
package enum ProfileBuilder {
    package static func build(
        value: (InventoryColumn) -> String?, attributes: [String: String],
        needs: ProfileNeeds = ProfileNeeds()
    ) -> Result<ProfileFields, RowProblem> {
        func trimmed(_ column: InventoryColumn) -> String? {
            value(column).map { $0.trimmedWhitespace }.flatMap { $0.isEmpty ? nil : $0 }
        }
        for column in InventoryColumn.required where trimmed(column) == nil {
            return .failure(
                RowProblem(column: column.rawValue, reason: .emptyRequired, message: "\(column.rawValue) is empty"))
        }
        let platform = platform(value(.platform)!)
        let osVersion = trimmed(.osVersion)!
        let appBuild = trimmed(.appBuild)
        var apiLevel: Int? = nil
        if platform == .android {
            guard let build = appBuild else {
                return .failure(
                    RowProblem(
                        column: "app_build", reason: .emptyRequired,
                        message: "app_build (the versionCode) is required on Android"))
            }
            guard Int(build) != nil else {
                return .failure(
                    RowProblem(
                        column: "app_build", reason: .invalidAppBuild,
                        message: "app_build \"\(build)\" is not an integer versionCode"))
            }
            if let level = trimmed(.osAPILevel) {
                guard let parsed = Int(level), parsed > 0 else {
                    return .failure(
                        RowProblem(
                            column: "os_api_level", reason: .invalidAPILevel,
                            message: "os_api_level \"\(level)\" is not a positive integer"))
                }
                // Android's API level is a Java int (`Build.VERSION.SDK_INT`); the store keeps it in 32 bits
                // beside "none". A larger number is no device's: refused, not clamped into another level.
                guard parsed < Int(Int32.max) else {
                    return .failure(
                        RowProblem(
                            column: "os_api_level", reason: .invalidAPILevel,
                            message: "os_api_level \"\(level)\" is larger than any Android API level"))
                }
                apiLevel = parsed
            } else if let derived = AndroidReleases.apiLevel(forRelease: osVersion) {
                apiLevel = derived
            } else {
                return .failure(
                    RowProblem(
                        column: "os_version", reason: .unknownAndroidRelease,
                        message:
                            "Android release \"\(osVersion)\" is not in the release table; add an os_api_level column"))
            }
        }
        return .success(
            ProfileFields(
                platform: platform, osVersion: osVersion, apiLevel: apiLevel,
                appVersion: trimmed(.appVersion)!,
                appBuild: platform == .android || needs.appBuildOffAndroid ? appBuild : nil,
                packageName: needs.packageName ? trimmed(.packageName) : nil, attributes: attributes))
    }

    /// The platform a `platform` value names: trimmed of blanks, any case (docs/inventory.md). The one reading of it;
    /// ingest's byte-level check defers to it for any text that is not ASCII.
    package static func platform(_ raw: String) -> Platform {
        Platform(raw.trimmedWhitespace)
    }
}
