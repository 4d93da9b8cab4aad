// vkdml-bench: the helpers the case builders share.
#include "case_building.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace vkdml_bench {

Factors Factor(uint64_t n, int k) {
    Factors f;
    for (int i = 0; i < k - 1; ++i) {
        uint64_t target = uint64_t(std::floor(std::pow(double(n), 1.0 / double(k - i)) + 1e-9));
        uint64_t best = 1;
        for (uint64_t d = std::max<uint64_t>(target, 1); d >= 1; --d)
            if (n % d == 0) {
                best = d;
                break;
            }
        f.push_back(UINT(best));
        n /= best;
    }
    f.push_back(UINT(n));
    std::sort(f.begin(), f.end());
    return f;
}

std::string Dims(const std::vector<UINT>& d) {
    std::string s = "[";
    for (size_t i = 0; i < d.size(); ++i) s += (i ? "," : "") + std::to_string(d[i]);
    return s + "]";
}

std::vector<uint32_t> Permutation(uint32_t n, uint32_t seed) {
    std::vector<uint32_t> p(n);
    std::iota(p.begin(), p.end(), 0u);
    std::mt19937 rng(seed);
    std::shuffle(p.begin(), p.end(), rng);
    return p;
}

std::unique_ptr<BuiltCase> Start(const std::string& name, TargetClass targetClass) {
    auto c = std::make_unique<BuiltCase>();
    c->name = name;
    c->family = name.substr(0, name.find('.'));
    c->targetClass = targetClass;
    return c;
}

void OneToOne(BuiltCase* c, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* out) {
    c->inputs.push_back({WorkBuffer::Source, 0, c->Bytes(in)});
    c->outputs.push_back({WorkBuffer::Destination, 0, c->Bytes(out)});
}

CaseSpec SizedCase(const std::string& name, std::function<std::unique_ptr<BuiltCase>(uint64_t)> build) {
    return {name, [build](uint32_t sizeMiB) { return build(Elements(sizeMiB)); }};
}

std::string TypeNote(const ElementType& t) { return t.bytes == 4 ? "" : std::string(" ") + t.name; }

}  // namespace vkdml_bench
