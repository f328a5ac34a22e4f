// Handing an open file descriptor to another process over a Unix socket (SCM_RIGHTS, unix(7)): the GPU
// memory helper hands the grader each arena it exports, and the grader hands a kept runner its next
// case's arena. One descriptor per message, in the message's control data.
#pragma once

#include <sys/socket.h>

#include <cstring>

namespace kit {

// Room in a message for one descriptor.
struct DescriptorRoom {
  alignas(cmsghdr) char bytes[CMSG_SPACE(sizeof(int))] = {};
};

// Makes `message` carry `fd`, in `room` (which must outlive the sendmsg).
inline void attach_descriptor(msghdr& message, DescriptorRoom& room, int fd) {
  message.msg_control = room.bytes;
  message.msg_controllen = sizeof room.bytes;
  cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(header), &fd, sizeof(int));
}

// Makes room in `message` for a descriptor recvmsg may receive.
inline void expect_descriptor(msghdr& message, DescriptorRoom& room) {
  message.msg_control = room.bytes;
  message.msg_controllen = sizeof room.bytes;
}

// The descriptor a received message carried, or -1.
inline int received_descriptor(msghdr& message) {
  int fd = -1;
  for (cmsghdr* header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header))
    if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS) std::memcpy(&fd, CMSG_DATA(header), sizeof(int));
  return fd;
}

}  // namespace kit
