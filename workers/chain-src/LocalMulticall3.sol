// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Local Multicall3
/// @notice Our own minimal contract with Multicall3's `aggregate3` and `getBlockNumber` ABI, so the
/// portfolio's chain adapters batch their reads on the local EVM exactly as they do against the
/// canonical Multicall3 on a public chain.
contract LocalMulticall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Runs every call in order; a failing call reverts the batch unless it allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        uint256 count = calls.length;
        returnData = new Result[](count);
        for (uint256 i = 0; i < count; ++i) {
            Call3 calldata next = calls[i];
            (bool success, bytes memory data) = next.target.call(next.callData);
            require(success || next.allowFailure, "LocalMulticall3: a call failed");
            returnData[i] = Result(success, data);
        }
    }

    function getBlockNumber() external view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }
}
