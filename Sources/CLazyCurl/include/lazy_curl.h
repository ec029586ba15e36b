// libcurl, which Transport drives through its easy interface (and FoundationNetworking's URLSession,
// where a test or benchmark uses one, through its multi interface), opened on first use (see lazy_load.h).
#ifndef ICEBOX_LAZY_CURL_H
#define ICEBOX_LAZY_CURL_H

#include <stddef.h>

/// Opens libcurl if it is not open yet: 1 when it is, 0 with what to tell the user in `message`
/// (`icebox_library_require`).
int icebox_curl_require(char *message, size_t size);

/// libcurl's easy interface as Transport's EasyExchange drives it: a handle is an opaque pointer, an
/// option libcurl's number for it (CURLOPT_*), a result libcurl's CURLcode. Each wrapper makes one call.
void *icebox_curl_easy_open(void);
void icebox_curl_easy_close(void *handle);
void icebox_curl_easy_clear(void *handle);
int icebox_curl_easy_perform(void *handle);
const char *icebox_curl_error_text(int code);

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: bytes taken, or anything else to stop.
typedef size_t (*icebox_curl_data_function)(char *bytes, size_t size, size_t count, void *context);
/// CURLOPT_XFERINFOFUNCTION: 0 to go on, anything else to stop.
typedef int (*icebox_curl_progress_function)(void *context, long long download_total, long long downloaded,
                                             long long upload_total, long long uploaded);
/// The address libcurl is about to connect to (struct curl_sockaddr): these four fields, then the
/// socket address itself (`length` bytes).
struct icebox_curl_address {
    int family;
    int socket_type;
    int protocol;
    unsigned int length;
};
/// CURLOPT_OPENSOCKETFUNCTION: a socket for `address`, or -1 to refuse the connection.
typedef int (*icebox_curl_socket_function)(void *context, int purpose, struct icebox_curl_address *address);

int icebox_curl_set_long(void *handle, int option, long value);
int icebox_curl_set_offset(void *handle, int option, long long value);
int icebox_curl_set_pointer(void *handle, int option, const void *value);
int icebox_curl_set_data_function(void *handle, int option, icebox_curl_data_function function);
int icebox_curl_set_progress_function(void *handle, int option, icebox_curl_progress_function function);
int icebox_curl_set_socket_function(void *handle, int option, icebox_curl_socket_function function);
/// CURLINFO_PRIMARY_IP, the address the last connection went to, as text in `text` (at most `size`
/// bytes, NUL-terminated): 1 when there is one, 0 when not.
int icebox_curl_connected_address(void *handle, char *text, size_t size);
void *icebox_curl_list_append(void *list, const char *text);
void icebox_curl_list_free(void *list);

/// Names the calling thread (a transfer's), as `top -H`, `perf` and /proc show it: 15 bytes at most.
void icebox_name_this_thread(const char *name);

#endif
