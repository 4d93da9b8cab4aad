// Object: the reference-counted base of every vkdml handle. A handle is checked (magic + kind) before use, so a
// wrong-type or released handle is reported instead of being dereferenced as something else.
#pragma once

#include <atomic>
#include <cstdint>

namespace vkdml {

enum class ObjectKind : uint32_t { Device = 1, Operator, Dispatchable, BindingTable, CommandRecorder };

const char* ObjectKindName(ObjectKind kind);

class Object;
// Every live object's address (core/object.cpp). A handle is looked up here before it is dereferenced, so a released
// handle, or a pointer that never was a vkdml object, is reported as not live instead of being read.
void RegisterObject(const Object* object);
void UnregisterObject(const Object* object);
bool IsLiveObject(const void* address);

class Object {
public:
    static constexpr uint32_t kMagic = 0x4C4D444Bu;   // "KDML"

    explicit Object(ObjectKind kind) : kind_(kind) { RegisterObject(this); }
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;
    virtual ~Object() {
        UnregisterObject(this);
        magic_ = 0;
    }

    ObjectKind kind() const { return kind_; }
    bool IsLive() const { return magic_ == kMagic; }
    uint32_t AddRef() { return ++refs_; }
    uint32_t Release() {
        uint32_t left = --refs_;
        if (left == 0) delete this;
        return left;
    }

private:
    uint32_t magic_ = kMagic;
    ObjectKind kind_;
    std::atomic<uint32_t> refs_{1};
};

// A strong reference.
template <typename T>
class Ref {
public:
    Ref() = default;
    explicit Ref(T* p, bool addRef = true) : p_(p) { if (p_ && addRef) p_->AddRef(); }
    Ref(const Ref& o) : Ref(o.p_) {}
    Ref& operator=(const Ref& o) { Ref copy(o); std::swap(p_, copy.p_); return *this; }
    ~Ref() { if (p_) p_->Release(); }
    T* get() const { return p_; }
    T* operator->() const { return p_; }
    T& operator*() const { return *p_; }
    explicit operator bool() const { return p_ != nullptr; }

private:
    T* p_ = nullptr;
};

}  // namespace vkdml
