// Formats decide on the values target's devices; every file here speaks its types.
@_exported import FleetAuditValues
