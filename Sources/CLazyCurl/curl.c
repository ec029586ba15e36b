// The libcurl functions FoundationNetworking and Transport call, as forwarders to libcurl.so.4 opened on
// first use.
//
// The static Swift runtime's FoundationNetworking links `-lcurl`; the release build points that at
// link/libcurl.so, a linker script that adds nothing, so these definitions are the only ones the binary
// has and libcurl (with its ~30 dependencies: TLS, Kerberos, LDAP, SSH) is mapped only by commands that
// talk to a server. The prototypes use plain C types: curl's handles are opaque pointers, its enums
// ints, and its option values a single long, pointer or curl_off_t, all passed in one register.
#define _GNU_SOURCE
#include "lazy_curl.h"
#include "lazy_load.h"

#include <stdarg.h>

static struct icebox_library curl = {"libcurl.so.4", "libcurl4", NULL};

int icebox_curl_require(char *message, size_t size) { return icebox_library_require(&curl, message, size); }

ICEBOX_FORWARD(curl, int, curl_global_init, (long flags), (flags))
ICEBOX_FORWARD(curl, void *, curl_easy_init, (void), ())
ICEBOX_FORWARD(curl, void, curl_easy_cleanup, (void *handle), (handle))
ICEBOX_FORWARD(curl, int, curl_easy_pause, (void *handle, int bitmask), (handle, bitmask))
ICEBOX_FORWARD(curl, const char *, curl_easy_strerror, (int code), (code))
ICEBOX_FORWARD(curl, void, curl_free, (void *pointer), (pointer))
ICEBOX_FORWARD(curl, void *, curl_multi_init, (void), ())
ICEBOX_FORWARD(curl, int, curl_multi_add_handle, (void *multi, void *handle), (multi, handle))
ICEBOX_FORWARD(curl, int, curl_multi_remove_handle, (void *multi, void *handle), (multi, handle))
ICEBOX_FORWARD(curl, int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer))
ICEBOX_FORWARD(curl, int, curl_multi_cleanup, (void *multi), (multi))
ICEBOX_FORWARD(curl, void *, curl_multi_info_read, (void *multi, int *queued), (multi, queued))
ICEBOX_FORWARD(curl, int, curl_multi_socket_action, (void *multi, int socket, int events, int *running),
               (multi, socket, events, running))
ICEBOX_FORWARD(curl, void *, curl_slist_append, (void *list, const char *string), (list, string))
ICEBOX_FORWARD(curl, void, curl_slist_free_all, (void *list), (list))
ICEBOX_FORWARD(curl, void *, curl_url, (void), ())
ICEBOX_FORWARD(curl, int, curl_url_get, (void *url, int part, char **content, unsigned flags),
               (url, part, content, flags))
ICEBOX_FORWARD(curl, int, curl_url_set, (void *url, int part, const char *content, unsigned flags),
               (url, part, content, flags))
ICEBOX_FORWARD(curl, char *, curl_version, (void), ())
ICEBOX_FORWARD(curl, void *, curl_version_info, (int age), (age))

// The three variadic functions take exactly one value after the option, forwarded as it came.
#define ICEBOX_FORWARD_OPTION(name)                                                             \
    __attribute__((visibility("hidden"))) int name(void *handle, int option, ...) {             \
        static int (*target)(void *, int, ...);                                                 \
        va_list values;                                                                         \
        va_start(values, option);                                                               \
        void *value = va_arg(values, void *);                                                   \
        va_end(values);                                                                         \
        return ICEBOX_RESOLVE(curl, target, #name)(handle, option, value);                      \
    }

// libcurl never decodes an answer for Icebox. FoundationNetworking asks it to decode every one
// (`_EasyHandle.set(automaticBodyDecompression: true)` sets CURLOPT_ACCEPT_ENCODING to "" and
// CURLOPT_HTTP_CONTENT_DECODING to 1 on each request, whatever `Accept-Encoding` the request carries),
// then hands each decoded piece to the delegate queue with no back-pressure: while that queue waits for a
// processor, libcurl keeps inflating, so a few megabytes of gzip become gigabytes in memory before the
// delegate can refuse them. Here those two options are turned into "no encoding asked, none decoded": a
// compressed answer reaches the delegate as the bytes that came on the wire, refused at its
// `Content-Encoding` header, and memory follows the wire, never the ratio.
//
// Exported (default visibility) so that it also takes the calls of a dynamically linked
// FoundationNetworking (debug builds and tests), whose reference to curl_easy_setopt binds to the
// executable's definition first; the forwarded call goes to libcurl's own, found in its handle.
#define ICEBOX_CURLOPT_ACCEPT_ENCODING 10102 /* CURLOPTTYPE_STRINGPOINT + 102 */
#define ICEBOX_CURLOPT_HTTP_CONTENT_DECODING 158 /* CURLOPTTYPE_LONG + 158 */

__attribute__((visibility("default"))) int curl_easy_setopt(void *handle, int option, ...) {
    static int (*target)(void *, int, ...);
    va_list values;
    va_start(values, option);
    void *value = va_arg(values, void *);
    va_end(values);
    if (option == ICEBOX_CURLOPT_ACCEPT_ENCODING || option == ICEBOX_CURLOPT_HTTP_CONTENT_DECODING) value = NULL;
    return ICEBOX_RESOLVE(curl, target, "curl_easy_setopt")(handle, option, value);
}

ICEBOX_FORWARD_OPTION(curl_easy_getinfo)
ICEBOX_FORWARD_OPTION(curl_multi_setopt)

// libcurl's easy interface, which Icebox's own transport drives (Transport's EasyExchange). These are
// hidden forwarders like the ones above, and plain-typed wrappers for the variadic calls, which Swift
// cannot make.
ICEBOX_FORWARD(curl, int, curl_easy_perform, (void *handle), (handle))
ICEBOX_FORWARD(curl, void, curl_easy_reset, (void *handle), (handle))

#include <pthread.h>

static pthread_once_t icebox_curl_started = PTHREAD_ONCE_INIT;
static void icebox_curl_start(void) { curl_global_init(3 /* CURL_GLOBAL_ALL */); }

void *icebox_curl_easy_open(void) {
    pthread_once(&icebox_curl_started, icebox_curl_start);
    return curl_easy_init();
}

void icebox_curl_easy_close(void *handle) { curl_easy_cleanup(handle); }
void icebox_curl_easy_clear(void *handle) { curl_easy_reset(handle); }
int icebox_curl_easy_perform(void *handle) { return curl_easy_perform(handle); }
const char *icebox_curl_error_text(int code) { return curl_easy_strerror(code); }

int icebox_curl_set_long(void *handle, int option, long value) { return curl_easy_setopt(handle, option, value); }
int icebox_curl_set_offset(void *handle, int option, long long value) {
    return curl_easy_setopt(handle, option, value);
}
int icebox_curl_set_pointer(void *handle, int option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}
int icebox_curl_set_data_function(void *handle, int option, icebox_curl_data_function function) {
    return curl_easy_setopt(handle, option, function);
}
int icebox_curl_set_progress_function(void *handle, int option, icebox_curl_progress_function function) {
    return curl_easy_setopt(handle, option, function);
}
int icebox_curl_set_socket_function(void *handle, int option, icebox_curl_socket_function function) {
    return curl_easy_setopt(handle, option, function);
}

void *icebox_curl_list_append(void *list, const char *text) { return curl_slist_append(list, text); }
void icebox_curl_list_free(void *list) { curl_slist_free_all(list); }

// The address of the last connection (CURLINFO_PRIMARY_IP), copied into `text`; 0 when there is none.
int icebox_curl_connected_address(void *handle, char *text, size_t size) {
    char *address = NULL;
    if (size == 0 || curl_easy_getinfo(handle, 0x100020 /* CURLINFO_PRIMARY_IP */, &address) != 0 || !address ||
        !*address)
        return 0;
    size_t length = 0;
    while (address[length] && length + 1 < size) {
        text[length] = address[length];
        length++;
    }
    text[length] = 0;
    return 1;
}

// The name of the calling thread as the system shows it (`top -H`, `perf`, /proc/…/comm; 15 bytes at most).
void icebox_name_this_thread(const char *name) { pthread_setname_np(pthread_self(), name); }
