// libxml2 for the XML report (xmlTextWriter), its schema check (xmlSchemaValidateDoc) and the reader of XML
// configs (a parser context of its own: xmlCreateMemoryParserCtxt).
// LIBXML_ICU_ENABLED would pull ICU's headers in, whose types clash with the ICU Foundation ships.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>
