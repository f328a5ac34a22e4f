// broken: matmul-naive
// bug: connects to a port the checker listens on at the host's 127.0.0.1 with socket() and connect()
// class: network access from student code
// defence: symbol-check (socket, connect); sandbox: a network namespace with its own lo only
// expect-build-fail-nvcc: opens a network connection
// expect-zero: correctness

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(@PORT@);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connect(s, (sockaddr*)&to, sizeof to);
    close(s);
}
