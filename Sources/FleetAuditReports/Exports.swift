// The reports' users (the runs, the CLI, the tests) see the values and formats a report model holds through it.
@_exported import FleetAuditFormats
@_exported import FleetAuditValues
@_exported import FleetAuditXML
