/// The diagnostics a device's decision carries (counted by device in the reports).
enum ElectronDiagnostics {
    static let appVersionNotSemver = Diagnostic(
        "electron.appVersionNotSemver", .warning,
        "devices whose app_version is not a semver version: electron-updater's constructor throws in such an app, so it never checks (if these devices run another app, audit them with their own configs)"
    )
    static let minimumIgnored = Diagnostic(
        "electron.minimumIgnored", .warning,
        "devices whose electron-updater (updater_version) is older than 6.3.0, which does not read minimumSystemVersion: they are offered the update whatever their OS"
    )
    static let kernelUnknown = Diagnostic(
        "electron.kernelUnknown", .warning,
        "devices whose os.release() the audit cannot tell (an os_version it has no kernel version for, no os_release column): counted as passing minimumSystemVersion"
    )
    static let stageUnknown = Diagnostic(
        "electron.stageUnknown", .info,
        "devices without a valid staging_id (the UUID in the app's .updaterId): their stage is not known, so the staged rollout is counted as its expected share of them"
    )

    static func downgrade(assumed: Bool) -> Diagnostic {
        Diagnostic(
            "electron.downgrade", .warning,
            assumed
                ? "devices newer than the feed's version are offered it as a downgrade: the app sets its channel (update_channel), and electron-updater's channel setter turns allowDowngrade on (an allow_downgrade column says otherwise)"
                : "devices newer than the feed's version are offered it as a downgrade (allow_downgrade is on)")
    }
}
