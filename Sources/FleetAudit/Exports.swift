@_exported import FleetAuditEngine
@_exported import FleetAuditFormats
@_exported import FleetAuditReports
// The library's users (the CLI, the tests) see the lower targets' package types through FleetAudit.
@_exported import FleetAuditValues
@_exported import FleetAuditXML
