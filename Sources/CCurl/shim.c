#include "CCurl.h"

CURLcode fa_curl_set_long(CURL *handle, CURLoption option, long value) { return curl_easy_setopt(handle, option, value); }
CURLcode fa_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) { return curl_easy_setopt(handle, option, value); }
CURLcode fa_curl_set_string(CURL *handle, CURLoption option, const char *value) { return curl_easy_setopt(handle, option, value); }
CURLcode fa_curl_set_pointer(CURL *handle, CURLoption option, void *value) { return curl_easy_setopt(handle, option, value); }
CURLcode fa_curl_set_callback(CURL *handle, CURLoption option, fa_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
CURLcode fa_curl_get_long(CURL *handle, CURLINFO info, long *value) { return curl_easy_getinfo(handle, info, value); }
CURLcode fa_curl_get_string(CURL *handle, CURLINFO info, char **value) { return curl_easy_getinfo(handle, info, value); }
