import Foundation

/// What a Turkcell document's entries say of themselves as it is read: the diagnostics, the entries the Android
/// SDK drops, the message date windows each SDK reads and the attributes the decision reads.
extension TurkcellDocument {
    static func parserDiagnostics(
        iOS: JSONSyntaxError?, android: JSONSyntaxError?, nonFinite: String?
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let refusal = iOS { diagnostics.append(iOSRejection(refusal)) }
        if let comma = android { diagnostics.append(androidRejection(comma)) }
        if let path = nonFinite { diagnostics.append(androidNonFiniteRejection(path)) }
        return diagnostics
    }

    /// An entry that is not an object, and `updates` given as an object.
    static func shapeDiagnostics(_ entries: [TurkcellEntry], updatesIsObject: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for e in entries where !e.isObject {
            diagnostics.append(
                Diagnostic(
                    entryNotObject, .warning,
                    "\(e.id) is not an object: both SDKs skip it", path: e.id))
        }
        if updatesIsObject {
            diagnostics.append(
                Diagnostic(
                    Self.updatesIsObject, .warning,
                    "updates is an object, not an array: the iOS SDK 1.2 takes it as the update for every device of the package, its filters unread; the Android SDK finds no update",
                    path: "updates"))
        }
        return diagnostics
    }

    /// The updates the Android SDK drops while parsing (by index), and why; what an update cannot do on either SDK.
    static func androidUpdateDrops(_ updates: [TurkcellEntry]) -> (diagnostics: [Diagnostic], dropped: Set<Int>) {
        var diagnostics: [Diagnostic] = []
        var dropped = Set<Int>()
        for (i, e) in updates.enumerated() where e.isObject {
            let forceExit = e.androidFlag("forceExit")
            if !e.mayApplyToAndroid { dropped.insert(i) }
            for key in ["targetPackageUrl", "targetWebsiteUrl"] {
                if e.mayApplyToAndroid, case .invalid(let spec) = e.androidURL(key) {
                    dropped.insert(i)
                    diagnostics.append(
                        Diagnostic(
                            "turkcell.android.entryDropped", .warning,
                            "\(e.id).\(key) \"\(spec)\" is not a URL java.net.URL accepts on Android (http, https, ftp, file or jar): the Android SDK drops the entry",
                            path: "\(e.id).\(key)"))
                }
            }
            if e.mayApplyToAndroid, let language = e.androidUnreadableDescription {
                dropped.insert(i)
                diagnostics.append(
                    Diagnostic(
                        "turkcell.android.entryDropped", .warning,
                        "\(e.id).descriptions.\(language) is not an object: the Android SDK's description has no texts and its constructor throws, so it drops the entry",
                        path: "\(e.id).descriptions.\(language)"))
            }
            if e.mayApplyToAndroid && e.androidTargetVersionCode == nil && !forceExit {
                dropped.insert(i)
                diagnostics.append(
                    Diagnostic(
                        "turkcell.android.entryDropped", .warning,
                        "\(e.id) has no targetVersionCode: the Android SDK drops it", path: e.id))
            }
            if e.mayApplyToAndroid && !e.hasInstallTarget && !forceExit {
                dropped.insert(i)
                diagnostics.append(
                    Diagnostic(
                        "turkcell.android.entryDropped", .warning,
                        "\(e.id) has no targetPackageUrl, targetWebsiteUrl or targetGooglePlay: the Android SDK drops it",
                        path: e.id))
            }
            if e.mayApplyToAndroid && forceExit && e.androidTargetVersionCode == nil {
                diagnostics.append(
                    Diagnostic(
                        "turkcell.android.forceExitWithoutVersionCode", .warning,
                        "\(e.id) forces an exit without targetVersionCode: Android only shows an entry whose targetVersionCode is above the installed one, so it never shows",
                        path: e.id))
            }
            if e.mayApplyToIOS && !(e.string("targetPackageUrl") ?? "").isEmpty
                && (e.string("targetWebsiteUrl") ?? "").isEmpty
            {
                diagnostics.append(
                    Diagnostic(
                        "turkcell.ios.packageUrlOnly", .warning,
                        "\(e.id) has targetPackageUrl but no targetWebsiteUrl: the iOS SDK opens only targetWebsiteUrl",
                        path: e.id))
            }
        }
        return (diagnostics, dropped)
    }

    static func androidMessageDrops(_ messages: [TurkcellEntry]) -> (diagnostics: [Diagnostic], dropped: Set<Int>) {
        var diagnostics: [Diagnostic] = []
        // `MessageEntry` (L58-71, L215-218): an unreadable URL, or targetGooglePlay without targetPackageName,
        // makes the constructor throw: the Android SDK omits the message.
        var droppedMessages = Set<Int>()
        for (i, m) in messages.enumerated() where m.isObject {
            var why: String?
            if case .invalid(let spec) = m.androidURL("targetWebsiteUrl") {
                why = "targetWebsiteUrl \"\(spec)\" is not a URL java.net.URL accepts on Android"
            } else if m.androidFlag("targetGooglePlay") && m.androidTargetPackageName.isEmpty {
                why = "targetGooglePlay needs a targetPackageName"
            }
            if let why {
                droppedMessages.insert(i)
                diagnostics.append(
                    Diagnostic(
                        "turkcell.android.entryDropped", .warning,
                        "\(m.id): \(why): the Android SDK omits the message", path: m.id))
            }
        }
        return (diagnostics, droppedMessages)
    }

    static func patternDiagnostics(_ entries: [TurkcellEntry]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for e in entries {
            diagnostics += filterDiagnostics(e)
            for (key, regex) in e.invalidAndroidPatterns where e.mayApplyToAndroid {
                diagnostics.append(
                    Diagnostic(
                        "turkcell.android.invalidPattern", .warning,
                        "\(e.id).filters.\(key): the Android SDK reads a part with * as the regular expression \"\(regex)\", which is not valid: it throws and skips the entry for every device that reaches that part",
                        path: "\(e.id).filters.\(key)"))
            }
        }
        return diagnostics
    }

    /// What the document as a whole offers: nothing, an `updates` array iOS crashes on, no package, messages.
    static func documentDiagnostics(
        _ root: JSONObject, updates: [JSONValue], emptyUpdatesArray: Bool, packageName: String?,
        androidPackageText: String?, hasMessages: Bool
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if root["updates"] == nil && root["messages"] == nil {
            diagnostics.append(
                Diagnostic(
                    "turkcell.offersNothing", .info,
                    "the document has a packageName and no updates or messages: both SDKs find no update, so every device of the package is up to date",
                    path: "packageName"))
        }
        if emptyUpdatesArray {
            diagnostics.append(
                Diagnostic(
                    "turkcell.ios.emptyUpdates", .error,
                    "\"updates\" has no object entry (\(updates.isEmpty ? "it is []" : "none of its elements is an object")): the iOS SDK 1.2 then reads the array as the update and crashes; omit the key instead",
                    path: "updates"))
        }
        if let named = packageName ?? androidPackageText, JavaText.removingWhitespace(named).isEmpty {
            diagnostics.append(
                Diagnostic(
                    "turkcell.missingPackageName", .error,
                    "packageName is empty: no app's package is, so the SDKs match no app", path: "packageName"))
        } else if packageName == nil {
            diagnostics.append(
                Diagnostic(
                    "turkcell.missingPackageName", .error,
                    androidPackageText.map {
                        "packageName is not a string: iOS matches no app; Android reads its text \"\($0)\""
                    } ?? "the document has no packageName: the SDKs match no app",
                    path: "packageName"))
        }
        if hasMessages {
            diagnostics.append(
                Diagnostic(
                    "turkcell.ios.messagesNotDisplayed", .info,
                    "the iOS SDK 1.2 selects messages but never displays them: iOS message counts say who would see them",
                    path: "messages"))
        }
        return diagnostics
    }

    /// Each message's date window as iOS and as the Android SDK's lenient parser read it, and the dates either
    /// ignores.
    static func messageWindows(_ messages: [TurkcellEntry]) -> (
        iOS: [String: (after: WallClock?, before: WallClock?)],
        android: [String: (after: AndroidMessageDate?, before: AndroidMessageDate?)], diagnostics: [Diagnostic]
    ) {
        var diagnostics: [Diagnostic] = []
        var windows: [String: (after: WallClock?, before: WallClock?)] = [:]
        var androidWindows: [String: (after: AndroidMessageDate?, before: AndroidMessageDate?)] = [:]
        for m in messages where m.isObject {
            let after = m.string("displayAfterDate")
            let before = m.string("displayBeforeDate")
            windows[m.id] = (after.flatMap(WallClock.init), before.flatMap(WallClock.init))
            // `MessageEntry.getDate` reads the value with `optString`: a number or JSON null is text too.
            let androidText = { (key: String) in m.object[key].map(JavaText.valueOf) }
            androidWindows[m.id] = (
                androidText("displayAfterDate").flatMap(AndroidMessageDate.init),
                androidText("displayBeforeDate").flatMap(AndroidMessageDate.init)
            )
            for key in ["displayAfterDate", "displayBeforeDate"] {
                guard let value = m.object[key] else { continue }
                let text = JavaText.valueOf(value)
                let iOS = m.string(key).flatMap(WallClock.init) != nil
                let android = AndroidMessageDate(text) != nil
                if !iOS && !android {
                    diagnostics.append(
                        Diagnostic(
                            "turkcell.badDate", .warning,
                            "\(m.id).\(key) \"\(text)\" is a date neither SDK reads (yyyy-MM-dd or yyyy-MM-dd HH:mm): both ignore it",
                            path: "\(m.id).\(key)"))
                } else if !iOS {
                    diagnostics.append(
                        Diagnostic(
                            androidOnlyDate, .warning,
                            "\(m.id).\(key) \"\(text)\" is read by the Android SDK's lenient parser (a prefix, any digit count, values rolled over) and ignored by the iOS SDK, which reads only yyyy-MM-dd or yyyy-MM-dd HH:mm",
                            path: "\(m.id).\(key)"))
                }
            }
        }
        return (windows, androidWindows, diagnostics)
    }

    /// The attributes a decision reads: the filters' columns, the language for descriptions by language, and the
    /// message history.
    static func needs(_ entries: [TurkcellEntry], objects: [TurkcellEntry]) -> ProfileNeeds {
        var attributes: Set<String> = [Self.messageDisplayCount, Self.messageLastShown]
        // The iOS object update's filters are never read, its descriptions are.
        if objects.contains(where: \.descriptionsByLanguage) {
            attributes.insert("language")
        }
        for e in entries {
            for f in e.filters { if let c = TurkcellProperties.column(for: f.key) { attributes.insert(c) } }
            // The description shown is the device language's, else `*`: a document with descriptions by
            // language reads the language even when no filter does (what the iOS SDK shows, or crashes on,
            // depends on it).
            if e.descriptionsByLanguage { attributes.insert("language") }
        }
        return ProfileNeeds(packageName: true, attributes: attributes)
    }
}
