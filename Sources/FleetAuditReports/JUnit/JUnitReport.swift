import FleetAuditXML
import Foundation

/// The gates of a run as a JUnit test report, which GitLab, Jenkins and most CI servers render: one test
/// case per `--fail-on` gate (classname `fleet-audit.gates`, name the gate's text), failing when the gate is
/// crossed; one per config that could not be loaded (`fleet-audit.configs`); and, for a run that stopped
/// before evaluating, one `fleet-audit.run` case in error. Valid against Jenkins' `junit-10.xsd`.
///
/// GitLab shows a failure's text and ignores its `message` attribute, so the detail (each value against
/// the limit) is the element's text; `message` carries the one-line summary for the tools that read it.
package struct JUnitReport: Sendable, Equatable {
    package struct Case: Sendable, Equatable {
        package enum Result: Sendable, Equatable {
            case passed(detail: String)
            /// `type` is `gate`, `config` or `bounds`.
            case failure(type: String, summary: String, detail: String)
            /// `type` is `run` (the run stopped) or `gate` (a gate checked on nothing).
            case error(type: String, summary: String, detail: String)
        }
        package let classname: String
        package let name: String
        package let result: Result
    }

    /// `fleet-audit audit` or `fleet-audit plan`.
    package let suite: String
    package let timestamp: Date
    package let cases: [Case]
    /// The run's wall time, the suite's `time` (nil: no attribute, as under `SOURCE_DATE_EPOCH`).
    package var seconds: Double? = nil

    package static let gateClass = "fleet-audit.gates"
    package static let configClass = "fleet-audit.configs"
    package static let runClass = "fleet-audit.run"

    package var failures: Int {
        cases.filter { if case .failure = $0.result { return true } else { return false } }.count
    }
    package var errors: Int { cases.filter { if case .error = $0.result { return true } else { return false } }.count }

    /// One case per gate, from its results (one per config it was checked on); a gate checked on nothing
    /// (every config it names failed to load) is a case in error, so a gate asked for never vanishes.
    static func gateCases(_ results: [some CheckedGate], unchecked: [String], why: (String) -> String) -> [Case] {
        var texts: [String] = []
        for r in results where !texts.contains(r.gateText) && !unchecked.contains(r.gateText) {
            texts.append(r.gateText)
        }
        return texts.map { text in
            let mine = results.filter { $0.gateText == text }
            let over = mine.filter(\.crossed)
            // The crossings first: a CI page shows the start of the text.
            let detail = (over + mine.filter { !$0.crossed }).map(\.sentence).joined(separator: "\n")
            guard !over.isEmpty else { return Case(classname: gateClass, name: text, result: .passed(detail: detail)) }
            let summary = "gate \(text) crossed by \(over.count) of \(mine.count) config\(mine.count == 1 ? "" : "s")"
            return Case(
                classname: gateClass, name: text, result: .failure(type: "gate", summary: summary, detail: detail))
        }
            + unchecked.map { text in
                let sentence = "gate \(text) not checked: \(why(text))"
                return Case(
                    classname: gateClass, name: text, result: .error(type: "gate", summary: sentence, detail: sentence))
            }
    }

    static func configCases(_ failed: [FailedConfig], side: String? = nil) -> [Case] {
        failed.map { f in
            Case(
                classname: configClass, name: side.map { "\($0) \(f.id)" } ?? f.id,
                result: .failure(type: "config", summary: "config could not be loaded", detail: f.error.description))
        }
    }

    /// The case of a run that stopped before evaluating.
    static func stopped(_ command: String, _ failure: (message: String, exitCode: Int32)) -> Case {
        Case(
            classname: runClass, name: command,
            result: .error(
                type: "run", summary: "the run stopped before evaluating (exit \(failure.exitCode))",
                detail: failure.message))
    }

    package static func audit(_ report: AuditReport) -> JUnitReport {
        var cases = report.failure.map { [stopped("audit", $0)] } ?? []
        cases += gateCases(report.gates, unchecked: report.uncheckedGates, why: report.uncheckedWhy)
        cases += configCases(report.failedConfigs)
        return JUnitReport(
            suite: "fleet-audit audit", timestamp: report.generatedAt, cases: cases, seconds: report.runSeconds)
    }

    package static func plan(_ report: PlanReport) -> JUnitReport {
        var cases = report.failure.map { [stopped("plan", $0)] } ?? []
        cases += gateCases(report.gates, unchecked: report.uncheckedGates) { _ in PlanReport.uncheckedWhy }
        for f in report.failed { cases += configCases([f.config], side: f.side) }
        return JUnitReport(
            suite: "fleet-audit plan", timestamp: report.generatedAt, cases: cases, seconds: report.runSeconds)
    }

    /// `whatif`: one case for the bounds (`--target-coverage`, `--max-stranded`), failing when no candidate
    /// keeps within them; none without bounds.
    package static func whatIf(_ report: WhatIfReport) -> JUnitReport {
        var cases: [Case] = []
        if let sentence = report.choiceSentence {
            let name = report.boundsText
            cases.append(
                report.chosen == nil
                    ? Case(
                        classname: boundsClass, name: name,
                        result: .failure(type: "bounds", summary: sentence, detail: sentence))
                    : Case(classname: boundsClass, name: name, result: .passed(detail: sentence)))
        }
        return JUnitReport(suite: "fleet-audit whatif", timestamp: report.generatedAt, cases: cases)
    }

    package static let boundsClass = "fleet-audit.whatif"

    /// The XML. The suites' `time` is the run's (when known); each case's is 0: a gate is checked on the
    /// finished numbers and takes no time of its own (CI pages that sum or sort by time then show the run's).
    package func render() -> String {
        let w = XMLWriter()
        let time = seconds.map { String(format: "%.3f", $0) }
        w.start("testsuites")
        w.attribute("name", suite)
        for (k, v) in [("tests", cases.count), ("failures", failures), ("errors", errors)] { w.attribute(k, String(v)) }
        if let time { w.attribute("time", time) }
        w.start("testsuite")
        w.attribute("name", suite)
        for (k, v) in [("tests", cases.count), ("failures", failures), ("errors", errors), ("skipped", 0)] {
            w.attribute(k, String(v))
        }
        if let time { w.attribute("time", time) }
        w.attribute("timestamp", Timestamps.iso8601(timestamp))
        for c in cases {
            w.start("testcase")
            w.attribute("name", c.name)
            w.attribute("classname", c.classname)
            w.attribute("time", "0")
            switch c.result {
            case .passed(let detail): w.element("system-out", text: detail)
            case .failure(let type, let summary, let detail):
                w.element("failure", [("message", summary), ("type", type)], text: detail)
            case .error(let type, let summary, let detail):
                w.element("error", [("message", summary), ("type", type)], text: detail)
            }
            w.end()
        }
        w.end()
        w.end()
        return w.finish()
    }
}
