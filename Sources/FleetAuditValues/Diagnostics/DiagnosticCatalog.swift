/// Every diagnostic code FleetAudit raises, with one meaning each: its severity, the format it belongs to
/// (nil for run-level codes), a one-line summary and what to do about it. Reports, `validate`, the README
/// and CI outputs (SARIF rules) read from here. A code raised anywhere must be in this table with the same
/// severity: `Diagnostic`'s initializer checks it in debug builds, so every test run does, and
/// `DiagnosticCatalogTests` checks that every code in the sources is listed.
package enum DiagnosticCatalog {
    public struct Entry: Sendable, Equatable {
        package let code: String
        package let severity: Severity
        /// `nhs-availability`, `princeofversions`, `turkcell-updater`, `osam`, `sparkle-appcast`, `electron-updater`; nil
        /// for the run itself.
        package let format: String?
        package let summary: String
        package let help: String
    }

    package static let entries: [Entry] = [
        // Run
        Entry(
            code: "config.unavailable", severity: .error, format: nil,
            summary: "A config could not be loaded (missing, unreadable, not JSON, no known format, HTTP error).",
            help:
                "Fix the path or URL, or the JSON at the line and column named; with --keep-going the run goes on without it."
        ),
        Entry(
            code: "config.unknownKey", severity: .warning, format: nil,
            summary:
                "A key the format's clients do not read (a misspelling, or a key of another format): they ignore it.",
            help: "Use the key the message suggests; validate --strict fails on it, audit --fail-on warning too."),
        Entry(
            code: "inventory.unknownPlatform", severity: .warning, format: nil,
            summary:
                "Inventory rows carry a platform value no loaded config targets (a misspelling such as Andriod): those devices are notTargeted everywhere.",
            help:
                "Fix the inventory's platform values (android, ios, ipados, macos; iPhone OS reads as ios), or map them in the export."
        ),
        Entry(
            code: "inventory.packageNotFound", severity: .warning, format: nil,
            summary: "A config is for an app package no device of the inventory has: it decides no device.",
            help: "Check the config's packageName against the inventory's package_name values (the message lists them)."
        ),
        Entry(
            code: "inventory.packageOnOtherPlatform", severity: .warning, format: nil,
            summary:
                "A config's package is found only on platforms none of its rules can decide (a Turkcell updater whose entries all filter deviceOsName android, written with the iOS bundle id): those devices read it and stay up to date, and the platform it was written for is not targeted.",
            help:
                "Give the config the package name of the platform its rules are for (the message lists that platform's packages), or filter its entries for the platform whose package it names."
        ),
        Entry(
            code: "inventory.noPackage", severity: .error, format: nil,
            summary:
                "Configs or the releases file name more than one app package, but no device of the inventory has one (no package_name column, or an empty one): every per-package config decides every device and every release reaches it, so the numbers mix apps.",
            help:
                "Map the export's package column with --column package_name=HEADER (bundle_id and the like are recognised on their own), or audit each app's inventory with its own configs."
        ),
        Entry(
            code: "inventory.noPackageOneNamed", severity: .warning, format: nil,
            summary:
                "The configs and the releases file name one app package, and no device of the inventory has one: every device is taken to be that app's, which is right only for a one-app inventory.",
            help:
                "Nothing, if the inventory holds only that app; otherwise map its package column with --column package_name=HEADER."
        ),
        Entry(
            code: "inventory.packageFilter", severity: .info, format: nil,
            summary:
                "--package kept only the named packages' devices: how many were audited, and the devices of every other package left out before evaluation.",
            help: "Nothing; drop --package to audit every package's devices."
        ),
        Entry(
            code: "config.notStrictJSON", severity: .warning, format: nil,
            summary:
                "The document is not JSON (the message names the first place), but some of the format's clients read it with a parser more lenient than JSON: the audit evaluates what they read. OSAM's 3.x clients (kotlinx.serialization) read much that is not JSON on every platform; Android's org.json (PrinceOfVersions, Turkcell) reads comments, single quotes, unquoted keys, octal numbers and more, and Moshi (NHS) strings holding raw control characters, unpaired surrogate escapes or bad UTF-8 — which every iOS and macOS client refuses (their devices get the format's rejection error). What no client reads is refused (config.unavailable).",
            help:
                "Make it JSON: a server, a CDN check or another client version may refuse what one parser reads. The message says where strict JSON stops."
        ),
        Entry(
            code: "config.duplicateKey", severity: .warning, format: nil,
            summary:
                "An object holds a key twice: Android's parsers (org.json, Moshi, kotlinx) keep the last copy and Apple's Foundation (every iOS and macOS client) the first, so the two platforms can read different values.",
            help:
                "Remove the copy you do not mean. The audit reads the first copy for the NHS iOS app, the PrinceOfVersions iOS and macOS clients and the Turkcell iOS SDK, the last for every other client (docs/configs.md)."
        ),
        Entry(
            code: "inventory.duplicateDevices", severity: .warning, format: nil,
            summary:
                "Rows repeat the device id (--column device_id=HEADER) of an earlier row: each is counted as one more device.",
            help:
                "Deduplicate the export (keep each device's latest row); MDM exports keep a re-enrolled machine's old record."
        ),
        Entry(
            code: "inventory.columnAlias", severity: .info, format: nil,
            summary:
                "A known column was read from a warehouse's name for it (app_build from build, count from device_count, package_name from bundle_id, ...), since the inventory has no column of its own name.",
            help:
                "Nothing, if the column is what the message says; otherwise name the right one with --column NAME=HEADER."
        ),
        Entry(
            code: "inventory.readOnlyWAL", severity: .info, format: nil,
            summary:
                "The SQLite inventory is in WAL mode on a read-only file system (a mounted snapshot, a read-only volume) with no commits in a -wal file: it was opened immutable, which reads every committed row. With commits in its -wal file the run stops instead (exit 65) and says how to fold them in.",
            help: "Nothing."),
        Entry(
            code: "inventory.missingColumn", severity: .warning, format: nil,
            summary:
                "A config reads an attribute (PoV requirement, Turkcell filter, OSAM counter) no inventory column provides: every device reads it as absent.",
            help: "Add the column to the export, or map an existing one with --column NAME=HEADER."),
        Entry(
            code: "run.failed", severity: .error, format: nil,
            summary:
                "The run stopped before it could evaluate (unreadable inventory, a config that does not load, a locked database).",
            help:
                "The report holds no numbers: read the error and the exit code (65 bad input, 75 try again later), fix, run again."
        ),
        Entry(
            code: "run.empty", severity: .error, format: nil,
            summary: "The run evaluated no device, or loaded no config: its zeros say nothing about the fleet.",
            help:
                "Check the inventory (every row rejected? a header only?) and the configs; pass --allow-empty when an empty run is expected."
        ),
        Entry(
            code: "engine.pathsDisagree", severity: .warning, format: nil,
            summary:
                "The verification mode (debug builds, FLEET_AUDIT_VERIFY=1) found sampled profiles that the engine's path decided otherwise than each device on its own: those configs were counted on the straight path (the numbers stand; the run was slower).",
            help:
                "A defect of the format, not of the config: report it with the example the message gives; the format's attribute class or evaluator merges what its client tells apart."
        ),
        Entry(
            code: "engine.undeclaredRead", severity: .warning, format: nil,
            summary:
                "A format read a device field its configs did not declare: the engine evaluated those configs again on profiles that hold it (the numbers stand; the run was slower).",
            help:
                "A defect of the format, not of the config: report it with the field named; the format's needs (ProfileNeeds) must declare what its client reads."
        ),
        Entry(
            code: "releases.unknownColumn", severity: .warning, format: nil,
            summary:
                "A column (or JSON key) of the releases file that nothing reads; minimum_os and min_os_version are read as min_os.",
            help: "Rename it to what the message suggests: platform, version, build, min_os, package."),
        Entry(
            code: "releases.noReleaseForPackage", severity: .warning, format: nil,
            summary:
                "Inventory devices of a platform and package the releases file has no release for: forcing them counts them blocked.",
            help: "Add the package's releases to the file if the store has them; otherwise the blocked count is real."),
        Entry(
            code: "releases.assumedInstallable", severity: .info, format: nil,
            summary: "No --releases: every required version is assumed installable.",
            help: "Pass --releases FILE so forced updates no published release reaches are counted as blocked."),

        // NHS COVID-19 availability
        Entry(
            code: "nhs.rejected", severity: .error, format: "nhs-availability",
            summary: "The app rejects the whole document (a required field is missing or a value does not parse).",
            help: "Every field needs a value of the right type and a description; the app keeps its last good document."
        ),
        Entry(
            code: "nhs.recommendationBelowMinimum", severity: .warning, format: "nhs-availability",
            summary: "A recommended version is below the matching minimum, so the recommendation can never show.",
            help: "Raise the recommended version to at least the minimum, or drop the recommendation."),
        Entry(
            code: "nhs.ios.storeVersionUnreadable", severity: .warning, format: "nhs-availability",
            summary:
                "The store's newest iOS version (from --releases) is one the NHS app cannot parse (more than three components, or not numeric): its App Store lookup fails and the latest version stays 0, so a device below the minimum is offered no update (blocked) and no recommendation is shown.",
            help: "Publish versions of one to three integer components."),
        Entry(
            code: "nhs.ios.unreadableDeviceVersion", severity: .warning, format: "nhs-availability",
            summary: "Devices whose OS or app version the iOS app's parser rejects (counted notTargeted).",
            help: "Check the inventory's os_version and app_version for these devices."),
        Entry(
            code: "nhs.android.quotedInteger", severity: .info, format: "nhs-availability",
            summary: "An Android integer is given as a string: the app accepts it, the contract says a number.",
            help: "Write the value as a JSON number."),

        // PrinceOfVersions
        Entry(
            code: "pov.noUsablePlatform", severity: .error, format: "princeofversions",
            summary: "The document has no platform key a client can use.",
            help: "Add ios/ios2, macos/macos2 or android/android2 with configurations."),
        Entry(
            code: "pov.platformMissing", severity: .info, format: "princeofversions",
            summary: "Devices whose platform has no key in the document (counted notTargeted).",
            help: "Nothing to do if the document is not meant for that platform."),
        Entry(
            code: "pov.recommendationUnreleased", severity: .warning, format: "princeofversions",
            summary:
                "A configuration recommends a last_version_available that no release in --releases reaches: the client shows an update the store does not offer.",
            help: "Publish the release first, or lower last_version_available to the latest release."),
        Entry(
            code: "pov.missingVersions", severity: .error, format: "princeofversions",
            summary:
                "A configuration has neither required_version nor last_version_available: a client that picks it throws.",
            help: "Give the configuration a required_version or a last_version_available."),
        Entry(
            code: "pov.requirementNotScalar", severity: .warning, format: "princeofversions",
            summary: "A requirement's value is an object or array, which no device attribute satisfies.",
            help: "Use a string, number or boolean requirement value."),
        Entry(
            code: "pov.unreadableDeviceVersion", severity: .warning, format: "princeofversions",
            summary: "Devices whose app or OS version the client cannot parse (counted notTargeted).",
            help: "Check the inventory's app_version, app_build and os_version for these devices."),
        Entry(
            code: "pov.ios.arrayDropped", severity: .error, format: "princeofversions",
            summary:
                "The iOS/macOS client drops the whole configuration array (an invalid version, frequency or nested meta).",
            help: "Fix the entry named; the client then falls back to the other key or finds nothing."),
        Entry(
            code: "pov.ios.requiredOSVersionIgnored", severity: .warning, format: "princeofversions",
            summary: "An iOS required_os_version is a number or not a version: the client ignores it.",
            help: "Write it as a version string (\"15.0\")."),
        Entry(
            code: "pov.ios.requirementIgnored", severity: .warning, format: "princeofversions",
            summary:
                "A requirement whose value is an object or an array: the iOS/macOS client cannot decode it and drops it, so it holds for every device.",
            help: "Give the requirement a string, number or boolean the app's check can read."),
        Entry(
            code: "pov.android.rejected", severity: .error, format: "princeofversions",
            summary:
                "The Android client throws on an entry it reaches or chooses (an element that is not an object; a version that is not a 32-bit integer; a frequency that is not a string), or on a platform key that is neither an array nor an object; the devices concerned get no answer.",
            help:
                "Android versions are versionCodes: JSON integers. The client type-checks only the entry it chooses, so the error is counted on the devices that choose it."
        ),
        Entry(
            code: "pov.android.jsonRejected", severity: .error, format: "princeofversions",
            summary:
                "The document has a comma before a '}', which Android's JSON parser (org.json) rejects: every Android device gets no configuration, while iOS and macOS read it.",
            help: "Remove the comma; a comma before ']' is read by Android as one more element, null."),
        Entry(
            code: "pov.ios.jsonRejected", severity: .error, format: "princeofversions",
            summary:
                "The document is not JSON, but Android's org.json reads it (comments, single quotes, unquoted keys or strings, octal or hexadecimal numbers, '=' or ';' separators, raw control characters or bad UTF-8 in a string): the Android devices are evaluated as it reads it, and every iOS and macOS device gets no configuration, since Foundation's parser refuses it.",
            help: "Make it JSON; the message says where strict JSON stops."),
        Entry(
            code: "pov.android.requiredOSUnreadable", severity: .warning, format: "princeofversions",
            summary:
                "A required_os_version the Android client's Integer.parseInt cannot read (\"5.0\", \" 21\", 21.0, beyond 32 bits): its check throws, so the entry never holds and the next one is tried.",
            help: "Write the API level as a JSON integer or digits in a string: 21 or \"21\"."),
        Entry(
            code: "pov.unreachableEntry", severity: .warning, format: "princeofversions",
            summary:
                "Entries after one whose requirements hold for every device: the client stops at that one and never reads them.",
            help: "Move the entry without requirements to the end of the array, or give it requirements."),
        Entry(
            code: "pov.legacy.rejected", severity: .error, format: "princeofversions",
            summary: "A client before 4.0 rejects the legacy object.",
            help: "Fix the field named; clients before 4.0 show nothing until then."),
        Entry(
            code: "pov.legacy.missing", severity: .warning, format: "princeofversions",
            summary: "Devices below --pov-legacy-below read a legacy object this document lacks.",
            help: "Keep the legacy object while clients before 4.0 are in the fleet."),
        Entry(
            code: "pov.legacyOnly", severity: .info, format: "princeofversions",
            summary: "A platform has only a legacy (pre-4.0) object: its devices are evaluated as clients before 4.0.",
            help: "Add a v4 key for 4.x clients."),

        // Turkcell Updater
        Entry(
            code: "turkcell.missingPackageName", severity: .error, format: "turkcell-updater",
            summary: "packageName is not a string: the SDKs match no app.",
            help: "Set packageName to the app's package or bundle id."),
        Entry(
            code: "turkcell.offersNothing", severity: .info, format: "turkcell-updater",
            summary:
                "The document has a packageName and no updates or messages: every device of the package is up to date.",
            help: "Nothing to do if that is intended."),
        Entry(
            code: "turkcell.dottedComparison", severity: .warning, format: "turkcell-updater",
            summary: "A filter compares a dotted version: Android compares integers only, iOS compares text.",
            help: "Compare deviceApiLevel or appVersionCode on Android; use wildcards for dotted versions."),
        Entry(
            code: "turkcell.badDate", severity: .warning, format: "turkcell-updater",
            summary:
                "A message date neither SDK reads (not even a prefix the Android SDK's lenient parser takes): both ignore it.",
            help: "Write the date as yyyy-MM-dd or yyyy-MM-dd HH:mm."),
        Entry(
            code: "turkcell.android.entryDropped", severity: .warning, format: "turkcell-updater",
            summary: "The Android SDK drops an update (a malformed URL, no targetVersionCode or no install target).",
            help: "Give the entry a valid URL, a targetVersionCode and a target (or forceExit)."),
        Entry(
            code: "turkcell.android.forceExitWithoutVersionCode", severity: .warning, format: "turkcell-updater",
            summary: "A forceExit entry has no targetVersionCode: Android never shows it.",
            help: "Add the targetVersionCode the exit applies below."),
        Entry(
            code: "turkcell.android.invalidPattern", severity: .warning, format: "turkcell-updater",
            summary:
                "A wildcard filter part is not a valid Java regular expression: the Android SDK throws and skips the entry.",
            help: "Escape regex metacharacters or rewrite the part with * and ? only."),
        Entry(
            code: "turkcell.android.entrySkipped", severity: .warning, format: "turkcell-updater",
            summary: "Android devices for which an entry was skipped because a filter pattern threw.",
            help: "See turkcell.android.invalidPattern for the pattern."),
        Entry(
            code: "turkcell.ios.nullFilter", severity: .error, format: "turkcell-updater",
            summary:
                "A filter rule that is not text (null, a number, a boolean): the iOS SDK crashes when it reaches it (Filter.m L156-157), for updates and, since messages are matched on every device, for messages too; Android reads null as the text \"null\".",
            help: "Remove the filter or give it a string rule."),
        Entry(
            code: "turkcell.ios.osNameCase", severity: .warning, format: "turkcell-updater",
            summary: "deviceOsName is not lower case: iOS devices report \"ios\" and never match it.",
            help: "Write deviceOsName as \"ios\" or \"android\"."),
        Entry(
            code: "turkcell.ios.packageUrlOnly", severity: .warning, format: "turkcell-updater",
            summary: "An update has targetPackageUrl but no targetWebsiteUrl: the iOS SDK opens only targetWebsiteUrl.",
            help: "Add targetWebsiteUrl (the App Store link) for iOS."),
        Entry(
            code: "turkcell.ios.emptyUpdates", severity: .error, format: "turkcell-updater",
            summary:
                "\"updates\" is an array with no object in it ([] included): the iOS SDK 1.2 reads the array as the update and crashes.",
            help: "Omit the updates key instead of giving an empty array."),
        Entry(
            code: "turkcell.android.jsonRejected", severity: .error, format: "turkcell-updater",
            summary:
                "The document has a comma before a '}', which the Android SDK's org.json rejects: Android devices get no update or message, while iOS reads it.",
            help: "Remove the comma."),
        Entry(
            code: "turkcell.ios.jsonRejected", severity: .error, format: "turkcell-updater",
            summary:
                "The document is not JSON, but the Android SDK's org.json reads it (comments, single quotes, unquoted keys or strings, octal or hexadecimal numbers, '=' or ';' separators, raw control characters or bad UTF-8 in a string): Android devices are evaluated as it reads it, and iOS devices get no update or message, since the iOS SDK's NSJSONSerialization refuses it.",
            help: "Make it JSON; the message says where strict JSON stops."),
        Entry(
            code: "turkcell.androidOnlyDate", severity: .warning, format: "turkcell-updater",
            summary:
                "A message date only the Android SDK's lenient parser reads (seconds, a 'T', an offset, one-digit fields, a day past the month's end): Android applies it, iOS ignores it.",
            help: "Write yyyy-MM-dd or yyyy-MM-dd HH:mm, which both SDKs read alike."),
        Entry(
            code: "turkcell.ios.typeCrash", severity: .error, format: "turkcell-updater",
            summary:
                "iOS devices whose SDK 1.2 crashes on a value of a type it does not expect: updates or messages that are text, a number or null (enumerated, Filter.m L54, L85); filters that are not an object (L150); descriptions, or the description selected, that is not an object (Controller.m L77, L84); a message id, maxDisplayCount or displayPeriodInHours that is null, or a date that is not text (Controller.m L113-200).",
            help: "Give each value the type the SDK reads; the reason of each device's decision names the value."),
        Entry(
            code: "turkcell.ios.updatesIsObject", severity: .warning, format: "turkcell-updater",
            summary:
                "\"updates\" is an object: the iOS SDK 1.2 takes it as the update for every device of the package without reading its filters; the Android SDK finds no update.",
            help: "Put the update in an array: \"updates\": [{…}]."),
        Entry(
            code: "turkcell.packageNamePerSDK", severity: .warning, format: "turkcell-updater",
            summary:
                "packageName is written more than once with different values: the Android SDK's org.json reads the last copy, the iOS SDK's NSJSONSerialization the first, so each platform's devices are matched against another package.",
            help: "Keep one packageName; a document is for one app."),
        Entry(
            code: "turkcell.entryNotObject", severity: .warning, format: "turkcell-updater",
            summary: "An element of updates or messages that is not an object: both SDKs skip it.",
            help: "Remove it, or make it an object."),
        Entry(
            code: "turkcell.ios.noDescription", severity: .warning, format: "turkcell-updater",
            summary: "iOS devices whose matching update has no description with a message: nothing is shown.",
            help: "Give the entry a description for the device's language or *, with a message."),
        Entry(
            code: "turkcell.ios.descriptionCrash", severity: .error, format: "turkcell-updater",
            summary:
                "iOS devices whose SDK 1.2 crashes on a description: a selected message whose description lacks whatIsNew or warnings (UpdateCheck.m L278-279 stores nil), or a selected update whose message, warnings or whatIsNew is not text, null included (L138-147).",
            help: "Give every message description whatIsNew and warnings, and every description text values."),
        Entry(
            code: "turkcell.ios.updateDropped", severity: .info, format: "turkcell-updater",
            summary: "iOS devices whose matching update is dropped for want of targetWebsiteUrl.",
            help: "Add targetWebsiteUrl, or forceExit, for iOS."),
        Entry(
            code: "turkcell.ios.messagesNotDisplayed", severity: .info, format: "turkcell-updater",
            summary: "The iOS SDK 1.2 selects messages but never displays them.",
            help: "iOS message counts say who would see a message; the SDK shows none."),
        Entry(
            code: "turkcell.ios.noMessageMatches", severity: .error, format: "turkcell-updater",
            summary:
                "iOS devices no message entry matches: the iOS SDK 1.2 treats the array as the message and crashes.",
            help: "Add a last message entry without filters, or remove messages."),

        // OSAM
        Entry(
            code: "osam.rejectedByCurrentClients", severity: .error, format: "osam",
            summary:
                "Current (3.x) clients reject the document and show nothing: a field they require is missing or null, a field is of the wrong kind, an enum is not written exactly, a comma stands before a }, or a byte-order mark before the first {.",
            help:
                "Fix what the message names; older clients still read the document as written, and the audit evaluates it so."
        ),
        Entry(
            code: "osam.unknownPlatform", severity: .error, format: "osam",
            summary: "data.platform is neither ANDROID nor IOS.",
            help: "Set data.platform to ANDROID or IOS."),
        Entry(
            code: "osam.unknownMode", severity: .error, format: "osam",
            summary: "comparisonMode is not FORCE, LAZY, INFO or NONE.",
            help: "Use one of FORCE, LAZY, INFO, NONE."),
        Entry(
            code: "osam.missingVersionCode", severity: .error, format: "osam",
            summary: "data.versionCode is missing or not an integer: no device can be placed below it.",
            help: "Give the integer versionCode devices below it are concerned by."),
        Entry(
            code: "osam.unknownVersionCode", severity: .warning, format: "osam",
            summary: "Devices without an integer app_build: the server cannot tell whether they are below versionCode.",
            help: "Check the inventory's app_build for these devices."),
        Entry(
            code: "osam.forceWithoutURL", severity: .warning, format: "osam",
            summary: "FORCE without a url: concerned devices are blocked.",
            help: "Give the store url."),
        Entry(
            code: "osam.emptyWindow", severity: .warning, format: "osam",
            summary: "startDate is after endDate: the rule is never active.",
            help: "Fix the dates."),
        Entry(
            code: "osam.rating.incomplete", severity: .error, format: "osam",
            summary: "numAperture and minutes are not both integers: the client cannot decide when to ask.",
            help: "Give both numAperture and minutes as integers."),
        Entry(
            code: "osam.rating.stateUnknown", severity: .info, format: "osam",
            summary: "Without app_opens and minutes_since_rating, rating eligibility is unknown.",
            help: "Add the columns app_opens and minutes_since_rating to the inventory."),
        // Sparkle appcasts (Sparkle 2.x / 1.x on macOS, upgrader on Flutter apps)
        Entry(
            code: "sparkle.rejected", severity: .error, format: "sparkle-appcast",
            summary:
                "Sparkle rejects the whole appcast (an item has no version, no download and no link, a download that is not http or https, or an unknown installation type): the app is offered nothing.",
            help: "Fix the item the message names; Sparkle reads no item of a feed it rejects."),
        Entry(
            code: "sparkle.versionMismatch", severity: .warning, format: "sparkle-appcast",
            summary:
                "An item's enclosure sparkle:version differs from its <sparkle:version> element: Sparkle reads the enclosure's, upgrader the element's.",
            help: "Give both the same value, or keep one."),
        Entry(
            code: "sparkle.versionFromFileName", severity: .warning, format: "sparkle-appcast",
            summary:
                "An item has no sparkle:version: Sparkle takes its version from the download's file name after its last underscore.",
            help: "Give the item a sparkle:version (the app's CFBundleVersion of that release)."),
        Entry(
            code: "sparkle.duplicateVersion", severity: .warning, format: "sparkle-appcast",
            summary:
                "Two items have the same version: Sparkle 2 offers the first, Sparkle 1 the later one.",
            help: "Give each release its own version, or remove the stale item."),
        Entry(
            code: "sparkle.mixedVersionSchemes", severity: .warning, format: "sparkle-appcast",
            summary:
                "The feed mixes single-number versions (build numbers) with dotted ones: Sparkle orders 245 above 1.2.3.",
            help: "Use one scheme: the app's CFBundleVersion for every item."),
        Entry(
            code: "sparkle.versionLooksLikeShortVersion", severity: .warning, format: "sparkle-appcast",
            summary:
                "An item's sparkle:version equals its shortVersionString while these Macs' app_build differs from their app_version: Sparkle compares sparkle:version with the build.",
            help: "Set sparkle:version to the release's CFBundleVersion."),
        Entry(
            code: "sparkle.versionOrder", severity: .warning, format: "sparkle-appcast",
            summary:
                "A version Sparkle does not order the way it reads (2.0 beta is newer than 2.0; everything after a '-' is ignored, so 2.0-beta equals 2.0).",
            help: "Give pre-releases a version Sparkle orders below the release (2.0b1) or a channel."),
        Entry(
            code: "sparkle.osValue", severity: .warning, format: "sparkle-appcast",
            summary:
                "An enclosure's sparkle:os is not lower case: Sparkle matches exactly macos (so the item is never offered to a Mac), upgrader ignores case.",
            help: "Write sparkle:os=\"macos\", \"android\" or \"ios\"."),
        Entry(
            code: "sparkle.itemNeverOffered", severity: .warning, format: "sparkle-appcast",
            summary:
                "An item no device can be offered: its minimumSystemVersion is above its maximumSystemVersion.",
            help: "Fix the system versions, or remove the item."),
        Entry(
            code: "sparkle.channelNotAllowed", severity: .warning, format: "sparkle-appcast",
            summary:
                "An item is on a channel no Mac of the inventory allows (sparkle_channels; Sparkle 1.x reads no channel): no Mac is offered it.",
            help:
                "Check the channel's name against the apps' allowed channels, or add the sparkle_channels column the apps keep."
        ),
        Entry(
            code: "sparkle.pubDateUnparsable", severity: .warning, format: "sparkle-appcast",
            summary:
                "A phased-rollout item's pubDate is not in RFC 822 form (E, dd MMM yyyy HH:mm:ss Z): Sparkle then offers it to every group at once.",
            help: "Write the date as Sparkle parses it, for example Tue, 24 Nov 2026 10:00:00 +0000."),
        Entry(
            code: "sparkle.pubDateInFuture", severity: .warning, format: "sparkle-appcast",
            summary:
                "A phased-rollout item's pubDate is after the audit's time: no Mac on an automatic check is offered it yet.",
            help: "Check the date; the rollout starts at pubDate."),
        Entry(
            code: "sparkle.noPathBelowMinimumUpdateVersion", severity: .warning, format: "sparkle-appcast",
            summary:
                "Every item has a minimumUpdateVersion: apps below the lowest one are offered nothing (Sparkle 2.9).",
            help: "Keep an item without minimumUpdateVersion (or with a lower one) as a path for older apps."),
        Entry(
            code: "sparkle.archUnknown", severity: .info, format: "sparkle-appcast",
            summary:
                "The feed has items that need Apple silicon and the inventory has no arch value for these Macs: they are taken as Apple silicon.",
            help: "Add an arch column (arm64 or x86_64)."),
        Entry(
            code: "sparkle.noBuild", severity: .info, format: "sparkle-appcast",
            summary:
                "Macs without app_build: Sparkle compares the feed with CFBundleVersion, so the audit used app_version.",
            help: "Add the app_build column (CFBundleVersion)."),
        Entry(
            code: "sparkle.deviceValueUnreadable", severity: .warning, format: "sparkle-appcast",
            summary:
                "A Sparkle column of the inventory has a value the audit cannot read (an update group outside 0-6, an automatic-checks value other than true or false): the default is used.",
            help: "Fix the value in the inventory."),
        Entry(
            code: "upgrader.namespacePrefix", severity: .warning, format: "sparkle-appcast",
            summary:
                "The Sparkle namespace is bound to a prefix other than sparkle: upgrader reads names as written, so it sees no version and no Sparkle element.",
            help: "Write the namespace as xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\"."),
        Entry(
            code: "upgrader.appVersionUnparsable", severity: .warning, format: "sparkle-appcast",
            summary:
                "Devices whose app_version upgrader cannot parse (not digits and dots with an optional -pre and +build): it offers them nothing (counted notTargeted).",
            help: "Check app_version for these devices."),
        Entry(
            code: "upgrader.versionUnparsable", severity: .warning, format: "sparkle-appcast",
            summary:
                "An item's version upgrader cannot parse (2.0 beta, a blank, an untrimmed element): upgrader never offers it, and if it is the first supported item it hides every later one.",
            help: "Write versions upgrader parses: digits and dots, with an optional -pre and +build."),
        Entry(
            code: "upgrader.noUrl", severity: .warning, format: "sparkle-appcast",
            summary:
                "The item upgrader offers has no enclosure url: its Update button opens nothing.",
            help: "Give the item an enclosure url (the store page or the download)."),
        Entry(
            code: "upgrader.noOS", severity: .warning, format: "sparkle-appcast",
            summary:
                "An item without sparkle:os is offered by upgrader on every platform: an Android app is offered the macOS or iOS release.",
            help: "Give each item sparkle:os (android, ios or macos)."),
        // electron-updater feeds
        Entry(
            code: "electron.rejected", severity: .error, format: "electron-updater",
            summary:
                "electron-updater cannot read the feed (YAML it refuses, not a mapping, or a version semver.parse refuses, such as the unquoted number 1.10): every check throws and no device is offered the update.",
            help: "Fix the YAML at the line and column named; write version as a full semver version (1.10.0)."),
        Entry(
            code: "electron.platformFromDownloads", severity: .warning, format: "electron-updater",
            summary:
                "The feed's name does not say which devices read it: the audit chose the platform from its downloads.",
            help:
                "Audit the feed under the name it is published as (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml)."
        ),
        Entry(
            code: "electron.minimumSystemVersionIgnored", severity: .warning, format: "electron-updater",
            summary:
                "minimumSystemVersion is not a full semver version string (13.0, a YAML number): semver.lt throws and electron-updater lets every device through.",
            help: "Write a full kernel version as a string: \"22.0.0\" stops Macs below macOS 13."),
        Entry(
            code: "electron.minimumIsProductVersion", severity: .warning, format: "electron-updater",
            summary:
                "minimumSystemVersion looks like a product version, but electron-updater compares it with os.release(): on a Mac the Darwin kernel version (macOS 14 is 23.x), so 13.0.0 stops no Mac; on Windows 10.0.<build>, so 11.0.0 stops every device.",
            help: "Write the kernel version the message names (macOS 13: 22.0.0; Windows 11: 10.0.22000)."),
        Entry(
            code: "electron.minimumLetsThrough", severity: .warning, format: "electron-updater",
            summary:
                "The Macs a product-version minimumSystemVersion was meant to stop, counted: they are offered the update.",
            help: "Write the Darwin version the message names."),
        Entry(
            code: "electron.stagingPercentage", severity: .warning, format: "electron-updater",
            summary:
                "stagingPercentage is read with parseInt: a fraction is truncated (12.5 is 12, 0.1 is 0), text that is not a number lets every device in.",
            help: "Write a whole number from 1 to 100."),
        Entry(
            code: "electron.stagingExpected", severity: .info, format: "electron-updater",
            summary:
                "Devices without a valid staging_id are counted in a staged rollout by its expected share, with the interval in the message.",
            help: "Add a staging_id column (the UUID in the app's userData/.updaterId) to count each device exactly."),
        Entry(
            code: "electron.stageUnknown", severity: .info, format: "electron-updater",
            summary:
                "A device's stage in the rollout is not known (no valid staging_id): it is counted by the rollout's expected share.",
            help: "Add a staging_id column."),
        Entry(
            code: "electron.updaterVersionAssumed", severity: .info, format: "electron-updater",
            summary:
                "Devices without updater_version are audited as electron-updater 6.8.9; versions before 6.3.0 do not read minimumSystemVersion.",
            help: "Add an updater_version column (the electron-updater version the app bundles)."),
        Entry(
            code: "electron.appVersionNotSemver", severity: .warning, format: "electron-updater",
            summary:
                "A device's app_version is not semver: electron-updater refuses to start in such an app (its constructor throws), so the device never checks.",
            help: "Check that these devices run the feed's app; audit other apps with their own configs."),
        Entry(
            code: "electron.minimumIgnored", severity: .warning, format: "electron-updater",
            summary:
                "Devices on electron-updater older than 6.3.0 ignore minimumSystemVersion: they are offered the update whatever their OS.",
            help: "Ship electron-updater 6.3.0 or later before relying on minimumSystemVersion."),
        Entry(
            code: "electron.archAssumed", severity: .warning, format: "electron-updater",
            summary:
                "Linux devices with no arch (or one the audit cannot read) are taken as x64, so they read <channel>-linux.yml; an arm64 or armv7l device reads another file.",
            help: "Map the arch column (uname -m, process.arch) with --column arch=HEADER."),
        Entry(
            code: "electron.feedNotAudited", severity: .warning, format: "electron-updater",
            summary:
                "Devices of the feed's platform read a feed file that is not in this run (another channel, another Linux arch): every feed leaves them notTargeted.",
            help:
                "Audit that feed too (--config FILE), or check the devices' update_channel and arch values."),
        Entry(
            code: "electron.kernelUnknown", severity: .warning, format: "electron-updater",
            summary:
                "The audit cannot tell a device's os.release() (no os_release column, an os_version it has no kernel version for): it is counted as passing minimumSystemVersion.",
            help: "Add an os_release column (os.release() as the app reports it)."),
        Entry(
            code: "electron.downgrade", severity: .warning, format: "electron-updater",
            summary:
                "Devices newer than the feed's version are offered it as a downgrade: allowDowngrade is on (the channel setter turns it on).",
            help: "Publish the newer version to the channel, or set allowDowngrade = false after setting the channel."),
    ]

    private static let byCode: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.code, $0) })

    package static func entry(_ code: String) -> Entry? { byCode[code] }

    /// The infos that say a default decided devices (a column missing, a value unknown): the terminal prints them
    /// with their device count beside the warnings, so a default deciding thousands of devices is never only in
    /// the HTML (issue 67: `sparkle.noBuild` for 19,955 Macs).
    package static let decidedByDefault: Set<String> = [
        "sparkle.noBuild", "sparkle.archUnknown", "osam.rating.stateUnknown", "electron.stageUnknown",
        "electron.stagingExpected", "electron.updaterVersionAssumed", "electron.archAssumed",
    ]
}
