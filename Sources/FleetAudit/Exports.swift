// The library's users (the CLI, the tests) see the lower targets' public types through FleetAudit.
@_exported import FleetAuditValues
@_exported import FleetAuditFormats
@_exported import FleetAuditEngine
@_exported import FleetAuditXML
