public enum FleetAuditVersion {
    public static let current = "0.1.0"
    /// Where a reader of a SARIF file learns about the tool (SARIF's `informationUri`): the project's README.
    package static let informationURI = "https://github.com/fleet-audit/fleet-audit#readme"
}
