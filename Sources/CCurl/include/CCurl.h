// libcurl for the config fetcher. Swift cannot call C variadic functions, and curl_easy_setopt and
// curl_easy_getinfo are variadic: these wrappers give each argument type a fixed signature.
#ifndef FLEET_AUDIT_CCURL_H
#define FLEET_AUDIT_CCURL_H

#include <curl/curl.h>

typedef size_t (*fa_curl_data_callback)(char *data, size_t size, size_t count, void *context);

CURLcode fa_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode fa_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode fa_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode fa_curl_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode fa_curl_set_callback(CURL *handle, CURLoption option, fa_curl_data_callback callback);
CURLcode fa_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode fa_curl_get_string(CURL *handle, CURLINFO info, char **value);

#endif
