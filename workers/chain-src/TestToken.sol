// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Test token
/// @notice A mintable ERC-20 whose name, symbol and decimals are set at deployment, so the local
/// EVM can stand in for 6-, 8- and 18-decimal tokens. The deployer mints freely: never deploy it to
/// a public network.
contract TestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;

    address public immutable minter;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory tokenName, string memory tokenSymbol, uint8 tokenDecimals) {
        require(tokenDecimals <= 36, "TestToken: at most 36 decimals");
        name = tokenName;
        symbol = tokenSymbol;
        decimals = tokenDecimals;
        minter = msg.sender;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == minter, "TestToken: only the deployer mints");
        require(to != address(0), "TestToken: mint to the zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    /// @notice Takes tokens back from any holder: the demo's simulated swaps convert a member's
    /// holdings without the member's key.
    function burn(address from, uint256 value) external {
        require(msg.sender == minter, "TestToken: only the deployer burns");
        uint256 held = balanceOf[from];
        require(held >= value, "TestToken: burn exceeds balance");
        unchecked {
            balanceOf[from] = held - value;
            totalSupply -= value;
        }
        emit Transfer(from, address(0), value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        require(spender != address(0), "TestToken: approve to the zero address");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "TestToken: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "TestToken: transfer to the zero address");
        uint256 held = balanceOf[from];
        require(held >= value, "TestToken: insufficient balance");
        unchecked {
            balanceOf[from] = held - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
