// A thread's CPU and I/O priority. glibc has no ioprio_get/ioprio_set wrappers and `syscall` is
// variadic, which Swift cannot call; getpriority may return -1 as a value, so errno is read here.
// On Linux both priorities belong to each thread: who = 0 is the calling thread.
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#define DECANT_IOPRIO_WHO_PROCESS 1

/// The nice value of thread `who` into *nice; 0, or the errno.
static inline int decant_get_nice(int who, int *nice) {
    errno = 0;
    int value = getpriority(PRIO_PROCESS, (id_t)who);
    if (value == -1 && errno != 0) return errno;
    *nice = value;
    return 0;
}

/// Sets the calling thread's nice value; 0, or the errno.
static inline int decant_set_nice(int nice) {
    return setpriority(PRIO_PROCESS, 0, nice) == 0 ? 0 : errno;
}

/// The I/O priority (class << 13 | level) of thread `who` into *value; 0, or the errno.
static inline int decant_get_ioprio(int who, int *value) {
    long result = syscall(SYS_ioprio_get, DECANT_IOPRIO_WHO_PROCESS, who);
    if (result < 0) return errno;
    *value = (int)result;
    return 0;
}

/// Sets the calling thread's I/O priority; 0, or the errno.
static inline int decant_set_ioprio(int value) {
    return syscall(SYS_ioprio_set, DECANT_IOPRIO_WHO_PROCESS, 0, value) == 0 ? 0 : errno;
}
