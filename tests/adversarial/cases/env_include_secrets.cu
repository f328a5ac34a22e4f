// broken: matmul-naive
// bug: #includes a secret file of the grader's user, else /etc/shadow, so that the compiler's error quotes its first line
// class: reading the grader's secrets into a test's details (catalogue 8, 18)
// defence: sandbox: the compile sees the system's programs and libraries and the kit's headers only
// expect-no-text: root:
// expect-build-fail: No such file
// expect-zero: score

#if __has_include("@SECRET_FILE@")
#include "@SECRET_FILE@"
#elif __has_include("/etc/shadow")
#include "/etc/shadow"
#else
#include "@HOME@/canary.txt"
#endif
