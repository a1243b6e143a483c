@_exported import FleetAuditFormats
// The engine evaluates the formats' configs on profiles of the values target's devices; its users see those types through it.
@_exported import FleetAuditValues
