// libxml2 for the XML report (xmlTextWriter) and its schema check (xmlSchemaValidateDoc).
// LIBXML_ICU_ENABLED would pull ICU's headers in, whose types clash with the ICU Foundation ships.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>
