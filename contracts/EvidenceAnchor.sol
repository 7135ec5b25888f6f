// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.30;

/// @title EvidenceAnchor
/// @notice Public, write-once record of Tracehub evidence ledger blocks. Each sealed block's height is
///         anchored with the RFC 9162 Merkle root of the evidence log at that block, the log's size and the
///         SHA-256 hash of the signed block header, so anyone can check a proof against this chain without
///         trusting the platform's database. A height can be anchored once; rewrites are refused.
contract EvidenceAnchor {
    struct Anchor {
        bytes32 rootHash;
        bytes32 blockHash;
        uint64 treeSize;
        uint64 anchoredAt;
    }

    /// The account allowed to anchor (the platform's anchoring key).
    address public immutable owner;
    /// Number of anchored heights.
    uint64 public anchorCount;
    /// Highest anchored height (meaningful when anchorCount > 0).
    uint64 public latestHeight;

    mapping(uint64 => Anchor) private anchors;

    event Anchored(uint64 indexed height, bytes32 rootHash, uint64 treeSize, bytes32 blockHash);

    error NotOwner();
    error HeightAlreadyAnchored(uint64 height);
    error EmptyRoot();

    constructor() {
        owner = msg.sender;
    }

    /// @notice Anchors one block; reverts if the height already holds an anchor.
    function anchor(uint64 height, bytes32 rootHash, uint64 treeSize, bytes32 blockHash) external {
        if (msg.sender != owner) revert NotOwner();
        if (rootHash == bytes32(0)) revert EmptyRoot();
        if (anchors[height].rootHash != bytes32(0)) revert HeightAlreadyAnchored(height);
        anchors[height] = Anchor(rootHash, blockHash, treeSize, uint64(block.timestamp));
        anchorCount += 1;
        if (height > latestHeight || anchorCount == 1) latestHeight = height;
        emit Anchored(height, rootHash, treeSize, blockHash);
    }

    /// @notice The anchor of a height; a zero rootHash means the height is not anchored.
    function anchorOf(uint64 height)
        external
        view
        returns (bytes32 rootHash, uint64 treeSize, bytes32 blockHash, uint64 anchoredAt)
    {
        Anchor storage a = anchors[height];
        return (a.rootHash, a.treeSize, a.blockHash, a.anchoredAt);
    }
}
